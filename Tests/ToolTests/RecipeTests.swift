// SPDX-License-Identifier: MIT
// The README's recipes, run for real on the built tools, with the README's own text.

import Foundation
import Testing

/// The recipes exactly as README.md shows them (each line there is indented by four spaces).
///
/// A test runs each one in a scratch directory holding the files it names. Hardware is stood in
/// for by shell functions defined before the recipe: `qrcapture` (a camera) plays a file through
/// the real qrcapture, `xdg-open` records what it was asked to open, and `ffplay` (a display)
/// is ffprobe, which counts the frames it was shown. Other hosts are stood in for by an `ssh`
/// put first on PATH (`SSHStandIn`), which gives each host a directory of its own.
private enum Recipe {
  static let videoRaw = #"""
    size=$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=s=x:p=0 clip.mp4)
    rate=$(ffprobe -v error -select_streams v:0 -show_entries stream=r_frame_rate -of csv=p=0 clip.mp4)
    ffmpeg -v error -i clip.mp4 -f rawvideo -pix_fmt gray - | qrcapture --size "$size" --fps "$rate" | qrdetect | qrdedupe --mode once
    """#
  static let videoY4M = #"""
    ffmpeg -v error -i clip.mp4 -f yuv4mpegpipe - | qrdetect | qrdedupe --mode once
    """#
  static let photos = #"""
    qrdetect photos/ | jq -r '[.source, .text] | @tsv'
    """#
  static let photosFound = #"""
    find photos -iname '*.jpg' -mtime -7 -print0 | qrdetect --files-from - -0 | jq -r '[.source, .text] | @tsv'
    """#
  static let pdf = #"""
    pdftoppm -gray -r 150 doc.pdf | qrdetect
    """#
  static let generate = #"""
    mkdir -p codes
    while IFS=, read -r name url; do qrrender -s 8 -o "codes/$name.png" -- "$url"; done < links.csv
    """#
  static let openLoop = #"""
    while IFS= read -r -d '' url; do
      case $url in
      https://*) xdg-open "$url" ;;
      *) printf 'not opened: %q\n' "$url" >&2 ;;
      esac
    done
    """#
  static let openScanned = "qrcapture | qrdetect --count 1 --print text -0 | " + openLoop
  static let openFolder = "qrdetect --print text -0 scans/*.pgm | " + openLoop
  static let annotate = #"""
    qrcapture | qrdetect --annotate --json-fd 3 3>found.jsonl | ffplay -
    """#
  static let annotateFIFO = #"""
    mkfifo view.y4m; ffplay view.y4m &
    qrcapture | qrdetect --annotate=view.y4m | qrdedupe
    """#
  static let parallelFiles = #"""
    parallel -k --tag qrdetect --print text ::: scans/*.pgm
    """#
  static let parallelBatches = #"""
    find scans -name '*.pgm' -print0 | parallel -0 -X qrdetect | wc -l
    """#
  static let parallelStreams = #"""
    parallel -j0 --line-buffer --tag 'ffmpeg -v error -i {} -f yuv4mpegpipe - | qrdetect | qrdedupe' ::: clips/*.mp4
    """#
  static let remoteFiles = #"""
    cd photos && parallel -S 2/host1,2/host2 --transferfile {} --cleanup qrdetect ::: *.jpg | jq -r '[.source, .text] | @tsv'
    """#
  static let remoteClips = #"""
    cd clips && parallel -S 2/host1,2/host2 --trc {.}.jsonl 'ffmpeg -v error -i {} -f yuv4mpegpipe - | qrdetect | qrdedupe --mode once > {.}.jsonl' ::: *.mp4
    """#
  static let remoteStream = #"""
    size=$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=s=x:p=0 recording.mp4)
    frame=$((64 + ${size%x*} * ${size#*x}))
    ffmpeg -v error -i recording.mp4 -f yuv4mpegpipe - | qrcapture |
      parallel --pipe --recend '' --block $((100 * frame)) -k -S 2/host1,2/host2 qrdetect | qrdedupe --mode once
    """#

  static let all = [
    videoRaw, videoY4M, photos, photosFound, pdf, generate, openScanned, openFolder, annotate,
    annotateFIFO, parallelFiles, parallelBatches, parallelStreams, remoteFiles, remoteClips,
    remoteStream,
  ]
}

/// Whether the programs the recipes use besides ours are on PATH (scripts/test installs them).
private enum Programs {
  static func available(_ names: String...) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return names.allSatisfy { name in
      path.split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
      }
    }
  }

  static let video = available("ffmpeg", "ffprobe")
  static let videoMissing: Comment = "ffmpeg or ffprobe not installed (scripts/test installs them)"
  static let photos = available("ffmpeg", "jq")
  static let photosMissing: Comment = "ffmpeg or jq not installed (scripts/test installs them)"
  static let remote = available("parallel", "rsync", "perl", "ffmpeg", "ffprobe", "jq")
  static let remoteMissing: Comment =
    "GNU parallel, rsync, perl, ffmpeg or jq not installed (scripts/test installs them)"
  static let parallel = available("parallel", "ffmpeg")
  static let parallelMissing: Comment =
    "GNU parallel or ffmpeg not installed (scripts/test installs them)"
}

/// A scratch directory where a recipe runs as a user would run it, from a shell in that directory.
private final class Workspace {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recipe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  /// Runs `script` with bash (pipefail on) in the directory.
  func shell(_ script: String) throws -> ToolResult {
    try ToolRunner.shell("cd '\(directory.path)' || exit 99\n" + script)
  }

  /// Runs `script` and requires it to succeed: for making fixtures.
  func prepare(_ script: String) throws {
    let result = try shell("set -e\n" + script)
    try #require(result.status == 0, "fixture: \(result.errors)")
  }

  func contents(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  func exists(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path)
  }
}

/// A 320×240 H.264 clip in which three codes follow each other, half a second each at 10 frames/s.
private let clipPayloads = [
  "https://example.com/1", "https://example.com/2", "https://example.com/3",
]

private func makeClip(in workspace: Workspace, name: String = "clip.mp4") throws {
  try workspace.prepare(
    """
    printf '%s\\n' \(clipPayloads.joined(separator: " ")) | qrrender --lines -f png --output-dir frames
    ffmpeg -v error -framerate 2 -i frames/%06d.png -r 10 -c:v libx264 -pix_fmt yuv420p \\
      -vf 'pad=320:240:(ow-iw)/2:(oh-ih)/2:color=white,format=gray,tpad=stop_mode=clone:stop_duration=0.5' \\
      \(name)
    """)
}

// MARK: - the README shows what is tested

@Test func readmeShowsEveryRecipeAsTested() throws {
  let readme = try String(
    contentsOf: ToolRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
  for recipe in Recipe.all {
    let indented = recipe.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "    " + $0 }.joined(separator: "\n")
    let isShown = readme.contains(indented)
    #expect(isShown, "README.md lacks the recipe:\n\(recipe)")
  }
}

// MARK: - a video file through ffmpeg

@Test(.enabled(if: Programs.video, Programs.videoMissing))
func videoFileThroughFfmpegFindsEachCodeOnceInOrder() throws {
  let workspace = try Workspace()
  try makeClip(in: workspace)
  var timesOfEach: [[Double]] = []
  for recipe in [Recipe.videoRaw, Recipe.videoY4M] {
    let result = try workspace.shell(recipe)
    #expect(result.status == 0, "\(recipe)\n\(result.errors)")
    #expect(result.stderr.isEmpty, "\(result.errors)")
    let found = records(result.output)
    #expect(found.compactMap { $0["text"] as? String } == clipPayloads, "\(result.output)")
    let times = found.compactMap { $0["time"] as? Double }
    #expect(times == times.sorted() && times.first == 0, "\(times)")
    timesOfEach.append(times)
  }
  // Raw frames timed at the clip's own rate (10 fps), as y4m's header times them: the last code
  // about 1 s in (0.9 s, at its first sharp frame), not at 30 fps's 0.3 s (issue 44).
  #expect(timesOfEach[0] == timesOfEach[1], "\(timesOfEach)")
  #expect((timesOfEach[0].last ?? 0) > 0.6, "\(timesOfEach)")
}

// MARK: - a folder of photos

@Test(.enabled(if: Programs.photos, Programs.photosMissing))
func folderOfPhotosNamesTheFileOfEachCode() throws {
  let workspace = try Workspace()
  try workspace.prepare(
    """
    mkdir -p photos/2026/trip
    qrrender -s 6 -o photos/ticket.PNG 'TICKET 42'
    qrrender -s 6 -o menu.png 'https://example.com/menu'
    ffmpeg -v error -i menu.png -vf 'pad=iw+80:ih+80:40:40:color=white' -q:v 4 photos/2026/poster.jpg
    qrrender -s 6 -o sign.png 'https://example.com/sign'
    ffmpeg -v error -i sign.png -q:v 4 photos/2026/trip/Sign.JPG
    qrrender -s 6 -o old.png 'https://example.com/old'
    ffmpeg -v error -i old.png -q:v 4 photos/2026/old.jpg
    touch -d '30 days ago' photos/2026/old.jpg
    ffmpeg -v error -f lavfi -i color=c=gray:s=200x150 -frames:v 1 photos/wall.jpg
    printf 'not an image\\n' > photos/notes.txt
    """)
  // The whole folder, in sorted order: JPEGs, a PNG with a capital extension, in subdirectories;
  // a photo without a code adds no line, and a file that is not an image is passed over quietly.
  let folder = try workspace.shell(Recipe.photos)
  #expect(folder.status == 0, "\(folder.errors)")
  #expect(folder.stderr.isEmpty, "\(folder.errors)")
  #expect(
    folder.output
      == "photos/2026/old.jpg\thttps://example.com/old\n"
      + "photos/2026/poster.jpg\thttps://example.com/menu\n"
      + "photos/2026/trip/Sign.JPG\thttps://example.com/sign\n"
      + "photos/ticket.PNG\tTICKET 42\n")

  // The JPEGs find chose: not the PNG, not the month-old photo; in find's order.
  let found = try workspace.shell(Recipe.photosFound)
  #expect(found.status == 0, "\(found.errors)")
  #expect(found.stderr.isEmpty, "\(found.errors)")
  #expect(
    found.output.split(separator: "\n").sorted() == [
      "photos/2026/poster.jpg\thttps://example.com/menu",
      "photos/2026/trip/Sign.JPG\thttps://example.com/sign",
    ])
}

// MARK: - PDFs

@Test(
  .enabled(
    if: Programs.available("pdftoppm", "gs"),
    "pdftoppm or gs not installed (scripts/test installs poppler-utils and ghostscript)"))
func pdfPagesAreReadAsFramesInPageOrder() throws {
  let workspace = try Workspace()
  // A three-page PDF: a ticket's code, a page without one, an invoice's code (qrrender's PDFs,
  // joined by Ghostscript).
  try workspace.prepare(
    """
    qrrender -f pdf -s 4 -o ticket.pdf 'TICKET 42'
    printf '%%!PS\nshowpage\n' > blank.ps && gs -q -sDEVICE=pdfwrite -o blank.pdf blank.ps
    qrrender -f pdf -s 4 -o invoice.pdf 'https://example.com/invoice/7'
    gs -q -sDEVICE=pdfwrite -o doc.pdf ticket.pdf blank.pdf invoice.pdf
    """)
  let result = try workspace.shell(Recipe.pdf)
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.stderr.isEmpty, "\(result.errors)")
  let found = records(result.output)
  #expect(
    found.map { "\($0["frame"] ?? "-") \($0["text"] ?? "-")" } == [
      "0 TICKET 42", "2 https://example.com/invoice/7",
    ])
}

// MARK: - generating codes in a shell loop

@Test func shellLoopWritesOneReadableFilePerLine() throws {
  let workspace = try Workspace()
  let links = [
    ("shop", "https://example.com/shop?a=1&b=2"),
    ("two words", "https://example.com/$(touch pwned);x"),
    ("-dash", "-looks-like-an-option"),
  ]
  try Data(links.map { "\($0.0),\($0.1)\n" }.joined().utf8).write(
    to: workspace.directory.appendingPathComponent("links.csv"))
  let result = try workspace.shell(Recipe.generate)
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.stderr.isEmpty, "\(result.errors)")
  for (name, url) in links {
    let read = try workspace.shell("qrdetect -p text 'codes/\(name).png'")
    #expect(read.output == url + "\n", "codes/\(name).png: \(read.errors)")
  }
  #expect(!workspace.exists("pwned"))
}

// MARK: - acting on a scanned URL safely

/// Payloads that would run a command if they reached a shell unquoted; the https ones are opened.
private let hostilePayloads = [
  "https://example.com/$(touch pwned1)",
  "https://example.com/`touch pwned2`",
  "https://example.com/; touch pwned3",
  "https://example.com/a\nb; touch pwned4 #",
  "https://example.com/' \"$(touch pwned5)\" '",
  "http://example.com/not-https",
  "$(touch pwned6)",
  "-e https://example.com/",
]

@Test func scannedURLsReachNoShellAndOnlyHTTPSIsOpened() throws {
  let workspace = try Workspace()
  try workspace.prepare("mkdir scans")
  for (index, payload) in hostilePayloads.enumerated() {
    let result = try ToolRunner.run(
      "qrrender",
      [
        "-f", "pgm", "-o", workspace.directory.appendingPathComponent("scans/\(index).pgm").path,
        "--", payload,
      ])
    try #require(result.status == 0, "\(result.errors)")
  }
  let stubs = #"xdg-open() { printf '%s\0' "$1" >> opened; }"# + "\n"
  let https = hostilePayloads.filter { $0.hasPrefix("https://") }

  let folder = try workspace.shell(stubs + Recipe.openFolder)
  #expect(folder.status == 0, "\(folder.errors)")
  #expect(try workspace.contents("opened") == Array(https.map { $0 + "\0" }.joined().utf8))
  #expect(
    folder.errors
      == "not opened: http://example.com/not-https\nnot opened: \\$\\(touch\\ pwned6\\)\n"
      + "not opened: -e\\ https://example.com/\n")

  // From the camera, scan once: the first code only.
  try FileManager.default.removeItem(at: workspace.directory.appendingPathComponent("opened"))
  let camera = try workspace.shell(
    stubs + "qrcapture() { command qrcapture scans/*.pgm; }\n" + Recipe.openScanned)
  #expect(camera.status == 0, "\(camera.errors)")
  #expect(try workspace.contents("opened") == Array((hostilePayloads[0] + "\0").utf8))

  for index in 1...6 { #expect(!workspace.exists("pwned\(index)"), "pwned\(index) was created") }
}

// MARK: - watching detection live

@Test(.enabled(if: Programs.video, Programs.videoMissing))
func annotatedVideoIsAValidStreamAndTheRecordsGoToTheirDescriptor() throws {
  let workspace = try Workspace()
  try makeClip(in: workspace)
  let frames = try workspace.shell(
    "ffprobe -v error -count_frames -show_entries stream=nb_read_frames -of csv=p=0 clip.mp4")
  let count = try #require(Int(frames.output.trimmingCharacters(in: .whitespacesAndNewlines)))
  let stubs = """
    qrcapture() { ffmpeg -v error -i clip.mp4 -f yuv4mpegpipe - | command qrcapture; }
    ffplay() { ffprobe -v error -count_frames -show_entries stream=width,height,nb_read_frames \\
      -of csv=p=0 "$@" > shown.txt; }

    """

  let live = try workspace.shell(stubs + Recipe.annotate)
  #expect(live.status == 0, "\(live.errors)")
  #expect(live.stderr.isEmpty, "\(live.errors)")
  #expect(
    String(decoding: try workspace.contents("shown.txt"), as: UTF8.self) == "320,240,\(count)\n")
  let found = records(String(decoding: try workspace.contents("found.jsonl"), as: UTF8.self))
  #expect(Set(found.compactMap { $0["text"] as? String }) == Set(clipPayloads))
  #expect(found.count >= count - 3, "a record for nearly every frame: \(found.count) of \(count)")

  let fifo = try workspace.shell(stubs + Recipe.annotateFIFO + "\nwait")
  #expect(fifo.status == 0, "\(fifo.errors)")
  #expect(records(fifo.output).compactMap { $0["text"] as? String } == clipPayloads)
  #expect(
    String(decoding: try workspace.contents("shown.txt"), as: UTF8.self) == "320,240,\(count)\n")
}

// MARK: - scaling out with GNU parallel

@Test(.enabled(if: Programs.parallel, Programs.parallelMissing))
func parallelReadsManyFilesAndManyStreams() throws {
  let workspace = try Workspace()
  try workspace.prepare(
    """
    mkdir scans clips
    for i in 1 2 3 4; do qrrender -f pgm -o scans/code-$i.pgm "https://example.com/$i"; done
    for c in a b; do
      qrrender -s 4 -o $c.png "https://example.com/clip/$c"
      ffmpeg -v error -loop 1 -i $c.png -t 1 -r 10 -c:v libx264 -pix_fmt yuv420p \\
        -vf 'pad=320:240:(ow-iw)/2:(oh-ih)/2:color=white,format=gray' clips/$c.mp4
    done
    """)
  let files = try workspace.shell(Recipe.parallelFiles)
  #expect(files.status == 0, "\(files.errors)")
  #expect(
    files.output
      == (1...4).map { "scans/code-\($0).pgm\thttps://example.com/\($0)\n" }.joined())

  let batches = try workspace.shell(Recipe.parallelBatches)
  #expect(batches.output.trimmingCharacters(in: .whitespaces) == "4\n", "\(batches.errors)")

  let streams = try workspace.shell(Recipe.parallelStreams)
  #expect(streams.status == 0, "\(streams.errors)")
  let lines = streams.output.split(separator: "\n").sorted()
  #expect(lines.count == 2, "\(streams.output)")
  for (line, clip) in zip(lines, ["a", "b"]) {
    let parts = line.split(separator: "\t", maxSplits: 1)
    #expect(parts.first == "clips/\(clip).mp4")
    let record = records(String(parts.last ?? "")).first
    #expect(record?["text"] as? String == "https://example.com/clip/\(clip)")
  }
}

// MARK: - beyond one machine

/// An `ssh` for the tests, first on PATH: each host is a directory of its own under `remote/`,
/// where the command runs as ssh runs it (its words joined by spaces, for a shell, in the login
/// directory), so a file is there only if it was copied there. rsync, which GNU parallel runs
/// with `-e ssh` to copy files, reaches its `rsync --server` the same way. Every login is written
/// to `ssh.log` as its host, a tab and the command's first 200 bytes (short, so that the lines of
/// logins at the same time do not interleave). As sshd does, the login sets HOME and SHELL: GNU
/// parallel's remote worker runs each job with `$SHELL`, and a test runner (CI's among them) may
/// start us without one.
private enum SSHStandIn {
  static let script = #"""
    #!/bin/bash
    here=$(cd "$(dirname "$0")/.." && pwd)
    while [ $# -gt 0 ]; do
      case $1 in
      -[BbcDEeFIiJLlmOopQRSWw]) shift 2 ;;
      --) shift; break ;;
      -*) shift ;;
      *) break ;;
      esac
    done
    host=$1; shift
    [ "${1-}" = -- ] && shift
    command="$*"
    printf '%s\t%s\n' "$host" "${command:0:200}" >> "$here/ssh.log"
    mkdir -p "$here/remote/$host" && cd "$here/remote/$host" && HOME=$PWD SHELL=/bin/bash exec bash -c "$*"
    """#

  /// Installs the stand-in in `workspace`; the returned line, put before a recipe, puts it on PATH.
  static func install(in workspace: Workspace) throws -> String {
    try workspace.prepare(
      "mkdir -p bin && cat > bin/ssh <<'EOF'\n\(script)\nEOF\nchmod +x bin/ssh")
    return #"PATH="$PWD/bin:$PATH""# + "\n"
  }

  /// The logins so far, as (host, command).
  static func logins(in workspace: Workspace) throws -> [(host: String, command: String)] {
    String(decoding: try workspace.contents("ssh.log"), as: UTF8.self)
      .split(separator: "\n").map {
        let parts = $0.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
      }
  }

  /// How many jobs each host ran (GNU parallel starts each job as a perl program of its own).
  static func jobsPerHost(in workspace: Workspace) throws -> [String: Int] {
    try logins(in: workspace).filter { $0.command.contains("GNU_Parallel_worker") }
      .reduce(into: [:]) { $0[$1.host, default: 0] += 1 }
  }

  /// The files left on the hosts.
  static func leftOnHosts(in workspace: Workspace) throws -> String {
    try workspace.shell("find remote -type f").output
  }
}

@Test(.enabled(if: Programs.remote, Programs.remoteMissing))
func filesAreCopiedToTheHostsScannedThereAndRemoved() throws {
  let workspace = try Workspace()
  let path = try SSHStandIn.install(in: workspace)
  let names = ["a b", "c", "d", "e", "f"]
  try workspace.prepare(
    """
    mkdir photos
    for name in \(names.map { "'\($0)'" }.joined(separator: " ")); do
      qrrender -s 4 -o code.png "https://example.com/$name"
      ffmpeg -v error -y -i code.png -vf 'pad=iw+40:ih+40:20:20:color=white' -q:v 3 "photos/$name.jpg"
    done
    """)
  let result = try workspace.shell(path + Recipe.remoteFiles)
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.stderr.isEmpty, "\(result.errors)")
  // Each code read once, named by its file, whatever order the jobs ended in.
  #expect(
    result.output.split(separator: "\n").sorted()
      == names.map { "\($0).jpg\thttps://example.com/\($0)" }, "\(result.output)")
  // Both hosts scanned, each file was copied once, and nothing is left on the hosts.
  let jobs = try SSHStandIn.jobsPerHost(in: workspace)
  #expect(jobs.keys.sorted() == ["host1", "host2"] && jobs.values.reduce(0, +) == 5, "\(jobs)")
  let copies = try SSHStandIn.logins(in: workspace).filter {
    $0.command.hasPrefix("rsync --server") && !$0.command.contains("--sender")
  }
  #expect(copies.count == 5, "\(copies)")
  #expect(try SSHStandIn.leftOnHosts(in: workspace).isEmpty)
}

@Test(.enabled(if: Programs.remote, Programs.remoteMissing))
func clipsAreDecodedOnTheHostsAndTheirRecordsComeBackAsFiles() throws {
  let workspace = try Workspace()
  let path = try SSHStandIn.install(in: workspace)
  try workspace.prepare(
    """
    mkdir clips
    for c in a b c; do
      qrrender -s 3 -o $c.png "https://example.com/clip/$c"
      ffmpeg -v error -loop 1 -i $c.png -t 1 -r 10 -c:v libx264 -pix_fmt yuv420p \\
        -vf 'pad=160:120:(ow-iw)/2:(oh-ih)/2:color=white,format=gray' clips/$c.mp4
    done
    """)
  let result = try workspace.shell(path + Recipe.remoteClips)
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.stderr.isEmpty, "\(result.errors)")
  for clip in ["a", "b", "c"] {
    let found = records(
      String(decoding: (try? workspace.contents("clips/\(clip).jsonl")) ?? [], as: UTF8.self))
    #expect(
      found.map { $0["text"] as? String } == ["https://example.com/clip/\(clip)"],
      "clips/\(clip).jsonl: \(found)")
  }
  #expect(try SSHStandIn.jobsPerHost(in: workspace).keys.sorted() == ["host1", "host2"])
  #expect(try SSHStandIn.leftOnHosts(in: workspace).isEmpty)
}

@Test(.enabled(if: Programs.remote, Programs.remoteMissing))
func aStreamSplitIntoBlocksOfWholeFramesGivesTheRecordsOfOneMachine() throws {
  let workspace = try Workspace()
  let path = try SSHStandIn.install(in: workspace)
  // 179 frames at 10 a second, a code every 6 seconds: the third first seen in the second block.
  try workspace.prepare(
    """
    printf '%s\\n' \(clipPayloads.joined(separator: " ")) | qrrender --lines -s 3 -f png --output-dir frames
    ffmpeg -v error -framerate 1/6 -i frames/%06d.png -r 10 -c:v libx264 -pix_fmt yuv420p \\
      -vf 'pad=160:120:(ow-iw)/2:(oh-ih)/2:color=white,format=gray' recording.mp4
    """)
  let oneMachine = try workspace.shell(
    "ffmpeg -v error -i recording.mp4 -f yuv4mpegpipe - | qrcapture | qrdetect | qrdedupe --mode once"
  )
  let alone = records(oneMachine.output)
  try #require(alone.compactMap { $0["text"] as? String } == clipPayloads, "\(oneMachine.errors)")
  try #require((alone.last?["frame"] as? Int ?? 0) >= 100, "\(oneMachine.output)")

  let result = try workspace.shell(path + Recipe.remoteStream)
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.stderr.isEmpty, "\(result.errors)")
  // Each block is a qrdetect of its own, whose tracks are numbered from 1: the same records
  // but for their track numbers.
  func untracked(_ output: String) -> String {
    output.replacing(#/"track":\d+,"frames_used":\d+,/#, with: "")
  }
  #expect(untracked(result.output) == untracked(oneMachine.output))
  // Two blocks of frames, one on each host.
  #expect(try SSHStandIn.jobsPerHost(in: workspace) == ["host1": 1, "host2": 1])
  #expect(try SSHStandIn.leftOnHosts(in: workspace).isEmpty)
}

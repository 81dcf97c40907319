// SPDX-License-Identifier: MIT
// The README's fleet recipes (issue 44, item 6), run as written against real servers the tests
// start on 127.0.0.1: GStreamer's RTSP server playing a clip as a camera does
// (Tests/servers/rtsp_camera.py), and Debian's mosquitto broker.

import Foundation
import Testing

/// The recipes exactly as README.md shows them.
private enum FleetRecipe {
  static let camera = #"""
    ffmpeg -v error -rtsp_transport tcp -i rtsp://camera1.example/stream1 -f yuv4mpegpipe - | qrdetect | qrdedupe
    """#
  static let reconnecting = #"""
    while :; do
      ffmpeg -v error -rtsp_transport tcp -timeout 5000000 -i rtsp://camera1.example/stream1 -f yuv4mpegpipe -
      sleep 2
    done | qrdetect | qrdedupe --clock wall
    """#
  static let publish = #"""
    ffmpeg -v error -rtsp_transport tcp -i rtsp://camera1.example/stream1 -f yuv4mpegpipe - | qrdetect --source-name camera1 | qrdedupe | mosquitto_pub -h mqtt.example -t qrpipe/camera1 -l
    """#
  static let subscribe = #"""
    mosquitto_sub -h mqtt.example -t 'qrpipe/#' | jq -r '[.source, .text] | @tsv'
    """#
  static let all = [camera, reconnecting, publish, subscribe]
}

private let python = "/usr/bin/python3"
private let server = ToolRunner.packageRoot.appendingPathComponent("Tests/servers/rtsp_camera.py")
  .path

/// Whether GStreamer's RTSP server, ffmpeg, mosquitto and jq are there (scripts/test installs
/// them: scripts/debian-packages, group test).
private let hasServers: Bool = {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  let programs = ["ffmpeg", "mosquitto", "mosquitto_pub", "mosquitto_sub", "jq"].allSatisfy {
    name in
    path.split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
    }
  }
  guard programs, FileManager.default.isExecutableFile(atPath: python) else { return false }
  let gstreamer = try? ToolRunner.runExecutable(
    python, ["-c", "import gi; gi.require_version('GstRtspServer', '1.0')"])
  return gstreamer?.status == 0
}()
private let serversMissing: Comment =
  "ffmpeg, mosquitto, jq or GStreamer's RTSP server not installed (scripts/test installs them)"

private let payloads = ["https://example.com/1", "https://example.com/2", "https://example.com/3"]

/// A scratch directory holding a 320×240 H.264 clip of the three codes, half a second each, and
/// the shell text that starts the servers, puts stand-ins first (ffmpeg and the MQTT clients
/// sent to 127.0.0.1 and the test's ports) and stops the servers on exit.
private final class Site {
  let directory: URL
  let rtspPort = Int.random(in: 20000...29999)
  let mqttPort = Int.random(in: 30000...39999)

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fleet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let clip = try ToolRunner.shell(
      """
      set -e; cd '\(directory.path)'
      printf '%s\\n' \(payloads.joined(separator: " ")) | qrrender --lines -f png --output-dir frames
      ffmpeg -v error -framerate 2 -i frames/%06d.png -r 10 -c:v libx264 -pix_fmt yuv420p \\
        -vf 'pad=320:240:(ow-iw)/2:(oh-ih)/2:color=white' clip.mp4
      printf 'listener \(mqttPort) 127.0.0.1\\nallow_anonymous true\\n' > mosquitto.conf
      """)
    try #require(clip.status == 0, "fixture: \(clip.errors)")
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  /// Bash that starts the RTSP camera and the broker, waits until both listen, and defines the
  /// stand-ins; the servers are killed when the script exits.
  var prologue: String {
    """
    cd '\(directory.path)' || exit 99
    '\(python)' '\(server)' \(rtspPort) clip.mp4 > camera.log 2>&1 &
    camera=$!
    mosquitto -c mosquitto.conf > broker.log 2>&1 &
    broker=$!
    disown $camera $broker
    # SIGKILL: a process the test runner starts inherits its blocked SIGTERM.
    trap 'kill -KILL $camera $broker 2>/dev/null' EXIT
    for _ in $(seq 50); do grep -q ready camera.log && break; sleep 0.1; done
    for _ in $(seq 50); do
      command mosquitto_pub -h 127.0.0.1 -p \(mqttPort) -t probe -m x 2>/dev/null && break
      sleep 0.1
    done
    ffmpeg() {
      local from=rtsp://camera1.example to=rtsp://127.0.0.1:\(rtspPort)
      command ffmpeg "${@/"$from"/"$to"}"
    }
    mosquitto_pub() { command mosquitto_pub -p \(mqttPort) "${@/#mqtt.example/127.0.0.1}"; }

    """
  }

  func shell(_ script: String) throws -> ToolResult {
    try ToolRunner.shell(prologue + script)
  }
}

/// The texts of the JSON records in `output`, in order.
private func texts(_ output: String) -> [String] {
  output.split(separator: "\n").compactMap {
    (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["text"] as? String
  }
}

@Test func readmeShowsTheFleetRecipesAsTested() throws {
  let readme = try String(
    contentsOf: ToolRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
  for recipe in FleetRecipe.all {
    let indented = recipe.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "    " + $0 }.joined(separator: "\n")
    #expect(readme.contains(indented), "README.md lacks the recipe:\n\(recipe)")
  }
}

@Test(.enabled(if: hasServers, serversMissing))
func anRTSPCameraThroughFfmpegGivesEachCode() throws {
  let site = try Site()
  let result = try site.shell(FleetRecipe.camera)
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.stderr.isEmpty, "\(result.errors)")
  #expect(texts(result.output) == payloads, "\(result.output)")
}

@Test(.enabled(if: hasServers, serversMissing))
func aCameraThatDropsIsReadAgain() throws {
  // The camera ends its stream after the clip, as one that drops does; the loop reconnects and
  // the records go on: each code again, later on the one clock, for as long as the loop runs.
  let site = try Site()
  let result = try site.shell(
    "export -f ffmpeg; timeout -s KILL 7 bash -c \(shellQuoted(FleetRecipe.reconnecting)); true")
  let read = texts(result.output)
  #expect(read.count >= 2 * payloads.count, "\(result.output)\n\(result.errors)")
  #expect(Array(read.prefix(6)) == payloads + payloads, "\(read)")
  let times = result.output.split(separator: "\n").compactMap {
    (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["time"] as? Double
  }
  #expect(times == times.sorted(), "\(times)")
}

@Test(.enabled(if: hasServers, serversMissing))
func recordsPublishedToMQTTReachTheSubscriber() throws {
  let site = try Site()
  // The subscriber first (it stops after three messages, or 30 s), then the camera's pipeline.
  let result = try site.shell(
    """
    mosquitto_sub() {
      command mosquitto_sub -p \(site.mqttPort) -C \(payloads.count) -W 30 "${@/#mqtt.example/127.0.0.1}"
    }
    \(FleetRecipe.subscribe) > received.tsv &
    subscriber=$!
    sleep 1
    \(FleetRecipe.publish)
    wait $subscriber
    cat received.tsv
    """)
  #expect(result.status == 0, "\(result.errors)")
  #expect(result.output == payloads.map { "camera1\t" + $0 + "\n" }.joined(), "\(result.errors)")
}

/// `text` quoted for bash as one word.
private func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}

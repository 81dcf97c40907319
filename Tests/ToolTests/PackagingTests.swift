// SPDX-License-Identifier: MIT
// scripts/install, scripts/uninstall and the build output of scripts/run (issue 27, item 13),
// with a stand-in `swift` so that no release build is needed.

import Foundation
import Testing

/// A directory with a stand-in `swift` first on PATH: `swift build` prints progress and the
/// static linker's dlopen warnings, `--show-bin-path` names a directory of four small ELF
/// binaries built with debug info.
private func fakeToolchain() throws -> (directory: URL, environment: [String: String])? {
  guard FileManager.default.isExecutableFile(atPath: "/usr/bin/cc") else { return nil }
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("packaging-\(UUID().uuidString)")
  let bin = directory.appendingPathComponent("products")
  try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
  try Data("int main(void) { return 0; }\n".utf8).write(to: directory.appendingPathComponent("t.c"))
  let compile = try ToolRunner.runExecutable(
    "/usr/bin/cc", ["-g", "-o", bin.path + "/qrcapture", directory.path + "/t.c"])
  #expect(compile.status == 0, "\(compile.errors)")
  for tool in ["qrdetect", "qrdedupe", "qrrender"] {
    try FileManager.default.copyItem(atPath: bin.path + "/qrcapture", toPath: bin.path + "/" + tool)
  }
  let swift = """
    #!/bin/bash
    case "$*" in
      *--show-bin-path*) echo '\(bin.path)' ;;
      *)
        echo '[1/2] Compiling QRCodec Encoder.swift'
        echo "/x/shim.c.o:shim.c:function load_libv4l2: warning: Using 'dlopen' in statically linked applications requires at runtime the shared libraries from the glibc version used for linking" >&2
        echo '[2/2] Linking qrdetect'
        echo 'Build complete! (0.01s)'
        exit "${FAKE_SWIFT_STATUS:-0}" ;;
    esac
    """
  let path = directory.appendingPathComponent("swift").path
  try Data(swift.utf8).write(to: URL(fileURLWithPath: path))
  try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  let environment = [
    "PATH": directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  ]
  return (directory, environment)
}

private let script = ToolRunner.packageRoot.appendingPathComponent("scripts").path

@Test func installStripsAndUninstallRemovesEverything() throws {
  guard let (directory, environment) = try fakeToolchain() else { return }
  defer { try? FileManager.default.removeItem(at: directory) }
  let destination = directory.appendingPathComponent("root").path
  let install = try ToolRunner.runExecutable(
    script + "/install", ["PREFIX=/usr", "DESTDIR=" + destination], environment: environment)
  #expect(install.status == 0, "\(install.errors)")
  #expect(install.errors.contains("[1/2] Compiling"), "build progress shows")
  #expect(!install.errors.contains("dlopen"), "\(install.errors)")
  let sections = try ToolRunner.runExecutable(
    "/usr/bin/readelf", ["-S", destination + "/usr/bin/qrdetect"])
  #expect(!sections.output.contains(".debug_info"), "installed stripped")
  #expect(!sections.output.contains(".symtab"))
  for file in [
    "usr/share/man/man1/qrdetect.1", "usr/share/man/man5/qrframe.5",
    "usr/share/bash-completion/completions/qrrender", "usr/share/zsh/site-functions/_qrdedupe",
    "usr/share/fish/vendor_completions.d/qrcapture.fish",
  ] {
    #expect(FileManager.default.fileExists(atPath: destination + "/" + file), "\(file)")
  }
  let uninstall = try ToolRunner.runExecutable(
    script + "/uninstall", ["PREFIX=/usr", "DESTDIR=" + destination], environment: environment)
  #expect(uninstall.status == 0, "\(uninstall.errors)")
  let left = try ToolRunner.runExecutable("/usr/bin/find", [destination, "-type", "f"])
  #expect(left.output.isEmpty, "left behind: \(left.output)")
}

@Test func installKeepsDebugInfoApartWhenAsked() throws {
  guard let (directory, environment) = try fakeToolchain() else { return }
  defer { try? FileManager.default.removeItem(at: directory) }
  let destination = directory.appendingPathComponent("root").path
  let install = try ToolRunner.runExecutable(
    script + "/install", ["PREFIX=/opt/qr", "DESTDIR=" + destination, "DEBUG_INFO=1"],
    environment: environment)
  #expect(install.status == 0, "\(install.errors)")
  let binary = destination + "/opt/qr/bin/qrrender"
  let debug = destination + "/opt/qr/bin/.debug/qrrender.debug"
  let sections = try ToolRunner.runExecutable("/usr/bin/readelf", ["-S", binary])
  #expect(!sections.output.contains(".debug_info"))
  #expect(sections.output.contains(".gnu_debuglink"))
  let kept = try ToolRunner.runExecutable("/usr/bin/readelf", ["-S", debug])
  #expect(kept.output.contains(".debug_info"))
  let uninstall = try ToolRunner.runExecutable(
    script + "/uninstall", ["PREFIX=/opt/qr", "DESTDIR=" + destination], environment: environment)
  #expect(uninstall.status == 0)
  #expect(!FileManager.default.fileExists(atPath: debug))
}

@Test func releaseBuildShowsProgressWithoutLinkerNoiseAndKeepsTheStatus() throws {
  guard let (directory, environment) = try fakeToolchain() else { return }
  defer { try? FileManager.default.removeItem(at: directory) }
  var failing = environment
  failing["FAKE_SWIFT_STATUS"] = "1"
  for (variables, status) in [(environment, Int32(0)), (failing, 1)] {
    let result = try ToolRunner.runExecutable(
      "/bin/bash",
      [
        "-c",
        "set -euo pipefail; cd '\(ToolRunner.packageRoot.path)'; source scripts/release-flags;"
          + " release_build --product qrdetect",
      ], environment: variables)
    #expect(result.status == status)
    #expect(result.errors.contains("[2/2] Linking qrdetect"))
    #expect(!result.errors.contains("warning"), "\(result.errors)")
    #expect(result.output.isEmpty)
  }
}

// MARK: - The one package list (issue 44, item 1)

/// The packages of `groups` in scripts/debian-packages, as scripts/apt-install reads them.
private func debianPackages(_ groups: String...) throws -> [String] {
  let result = try ToolRunner.runExecutable(
    "/bin/bash", ["-c", "source '\(script)/apt-install'; apt_packages \"$@\"", "-"] + groups)
  #expect(result.status == 0, "\(result.errors)")
  return result.output.split(separator: "\n").map(String.init)
}

/// Package.swift's system-library targets: name, pkg-config name and apt providers.
private func systemLibraryTargets() throws -> [(name: String, pkgConfig: String, apt: [String])] {
  let manifest = try String(
    contentsOf: ToolRunner.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
  let pattern = try NSRegularExpression(
    pattern:
      #"\.systemLibrary\(\s*name:\s*"([^"]+)",\s*pkgConfig:\s*"([^"]+)",\s*providers:\s*\[\.apt\(\[([^\]]*)\]\)\]"#
  )
  let range = NSRange(manifest.startIndex..., in: manifest)
  return pattern.matches(in: manifest, range: range).map { match in
    let field = { (i: Int) in
      Range(match.range(at: i), in: manifest).map { String(manifest[$0]) } ?? ""
    }
    let apt = field(3).split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(
        in: CharacterSet(charactersIn: "\""))
    }
    return (field(1), field(2), apt)
  }
}

@Test func theBuildPackagesProvideEverySystemLibraryTarget() throws {
  let build = Set(try debianPackages("build"))
  let targets = try systemLibraryTargets()
  let manifest = try String(
    contentsOf: ToolRunner.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
  #expect(targets.count >= 5)
  #expect(
    targets.count == manifest.components(separatedBy: ".systemLibrary(").count - 1,
    "every system-library target names its pkg-config name and apt provider")
  #expect(build.contains("pkg-config"), "the targets are found through pkg-config")
  for target in targets {
    for provider in target.apt {
      #expect(
        build.contains(provider), "\(target.name)'s provider \(provider) is not in the build group")
    }
  }
  // On Debian, each pkg-config name is the .pc file of the package the target names.
  guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg"),
    FileManager.default.isExecutableFile(atPath: "/usr/bin/pkg-config")
  else { return }
  for target in targets {
    let file = try ToolRunner.runExecutable("/usr/bin/pkg-config", ["--path", target.pkgConfig])
    #expect(file.status == 0, "pkg-config does not know \(target.pkgConfig): \(file.errors)")
    let path = file.output.trimmingCharacters(in: .whitespacesAndNewlines)
    let owner = try ToolRunner.runExecutable("/usr/bin/dpkg", ["-S", path])
    let package = owner.output.split(separator: ":").first.map(String.init) ?? ""
    #expect(target.apt.contains(package), "\(path) is in \(package), not \(target.apt)")
  }
}

@Test func everyScriptInstallsFromTheOneList() throws {
  for name in ["scripts/run", "scripts/install", "scripts/test", "Benchmarks/product"] {
    let text = try String(
      contentsOf: ToolRunner.packageRoot.appendingPathComponent(name), encoding: .utf8)
    #expect(text.contains("apt_install "), "\(name) does not use scripts/apt-install")
    #expect(!text.contains("apt-get install -y"), "\(name) keeps a package list of its own")
  }
  let test = Set(try debianPackages("build", "test"))
  #expect(test.isSuperset(of: try debianPackages("benchmark")))
  #expect(test.isSuperset(of: ["ffmpeg", "zbar-tools", "mandoc", "python3-venv"]))
}

/// scripts/run on a machine without the build's packages: it names them, installs them with
/// apt-get (a stand-in that records its arguments), then builds with progress and runs.
@Test func runInstallsWhatTheBuildNeedsAndSaysWhat() throws {
  guard let (directory, toolchain) = try fakeToolchain() else { return }
  var environment = toolchain
  defer { try? FileManager.default.removeItem(at: directory) }
  let log = directory.appendingPathComponent("apt.log").path
  let standIns = [
    "dpkg-query": "exit 1",
    "apt-get": "echo \"$*\" >> '\(log)'",
    "sudo": "exec \"$@\"",
  ]
  for (name, body) in standIns {
    let path = directory.appendingPathComponent(name).path
    try Data("#!/bin/bash\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }
  environment["QRPIPE_NO_INSTALL"] = ""
  let run = try ToolRunner.runExecutable(script + "/run", environment: environment)
  #expect(run.status == 0, "\(run.errors)")
  let build = try debianPackages("build")
  #expect(
    run.errors.contains(
      "scripts/run: installing with apt-get (scripts/debian-packages, build): "
        + build.joined(separator: " ")), "\(run.errors)")
  let apt = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
  #expect(apt.contains("update"))
  #expect(apt.contains("install -y -qq --no-install-recommends " + build.joined(separator: " ")))
  #expect(run.errors.contains("[1/2] Compiling"), "build progress shows")
  #expect(run.errors.contains("no camera"))
}

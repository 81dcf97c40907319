// SPDX-License-Identifier: MIT
// scripts/run builds what scripts/install installs: one set of release build settings.

import Foundation
import Testing

private func script(_ path: String) throws -> String {
  try String(contentsOf: ToolRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)
}

/// Every `swift build` in scripts/run and scripts/install takes its settings from
/// scripts/release-flags, so the binaries scripts/run starts are the ones a user installs (the
/// Swift runtime linked in, qrrender fully static), and the benchmark measures those too.
@Test(arguments: ["scripts/run", "scripts/install", "Benchmarks/render.sh", "Benchmarks/scenes.sh"])
func releaseBuildsShareTheirSettings(path: String) throws {
  let text = try script(path)
  #expect(text.contains("source scripts/release-flags"), "\(path) reads scripts/release-flags")
  let builds = text.split(separator: "\n").filter {
    $0.contains("swift build") && !$0.trimmingPrefix(" ").hasPrefix("#")
  }
  #expect(!builds.isEmpty)
  for line in builds where path.hasPrefix("scripts/") {
    #expect(line.contains("\"${release_flags[@]}\""), "\(path): \(line)")
  }
  let flags = try script("scripts/release-flags")
  #expect(flags.contains("release_flags=(-c release --static-swift-stdlib)"))
}

// SPDX-License-Identifier: MIT
// qrscenes: writes seeded still scenes of one class as PGM files, with their truth as JSON lines.

import Glibc
import QRSimulator
import QRStream
import QRSystem

let arguments = SceneArguments.parse()
let output = arguments.output
// The directory and any of its parents that are missing, as `mkdir -p` makes them.
var made = output.hasPrefix("/") ? "/" : ""
for component in output.split(separator: "/") {
  made += component
  if mkdir(made, 0o755) != 0 && errno != EEXIST {
    fail("cannot create '\(made)': \(String(cString: strerror(errno)))", status: 1)
  }
  made += "/"
}

var truth = ""
for index in 0..<arguments.count {
  let scene = SceneGenerator.scene(arguments.sceneClass, index: index, seed: arguments.seed)
  let file =
    "\(arguments.sceneClass)-\(String(repeating: "0", count: max(4 - String(index).count, 0)))"
    + "\(index).pgm"
  let path = output + "/" + file
  do throws(Errno) {
    let descriptor = try FileDescriptor.openForWriting(path)
    defer { descriptor.close() }
    try PGMWriter(descriptor: descriptor).write(scene.image)
  } catch {
    fail("cannot write '\(path)': \(error)", status: 1)
  }
  truth += truthLine(file: file, scene: scene)
}
do throws(Errno) {
  let descriptor = try FileDescriptor.openForWriting(output + "/truth.jsonl")
  defer { descriptor.close() }
  try descriptor.writeAll(Array(truth.utf8))
} catch {
  fail("cannot write '\(output)/truth.jsonl': \(error)", status: 1)
}

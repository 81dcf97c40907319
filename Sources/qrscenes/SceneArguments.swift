// SPDX-License-Identifier: MIT
// qrscenes' command line and output: its help, its messages, its options, its truth lines.

import Glibc
import QRSimulator
import QRSystem

let usage = "usage: qrscenes --class NAME [--count N] [--seed S] --output DIR | --list | --help"
let help = """
  \(usage)

  Write N generated images of one scene class as DIR/NAME-0000.pgm, ... and one JSON line per
  image to DIR/truth.jsonl: {"file", "width", "height", "codes": [{"text", "corners", "micro",
  "inverted"}]}. The same class, count and seed give the same files.

  options:
    --class NAME   the scene class (see --list)
    --count N      images to write (default 10)
    --seed S       the seed, an unsigned integer (default 1)
    --output DIR   the directory, created with its parents if missing
    --list         print the class names, one a line, and exit
    -h, --help     show this help and exit

  """

func say(_ text: String, to descriptor: FileDescriptor) {
  try? descriptor.writeAll(Array(text.utf8))
}

func fail(_ message: String, status: Int32) -> Never {
  say("qrscenes: \(message)\n", to: .standardError)
  if status == 64 { say("\(usage)\n", to: .standardError) }
  exit(status)
}

/// `text` as a JSON string literal.
func jsonString(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
      let hex = String(scalar.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}

func number(_ value: Double) -> String {
  let rounded = (value * 100).rounded() / 100
  return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

/// One line of truth.jsonl: the file, its size and each code's text, corners and kind.
func truthLine(file: String, scene: GeneratedScene) -> String {
  let codes = scene.codes.map { code in
    let corners = code.corners.map { "[\(number($0.x)),\(number($0.y))]" }.joined(separator: ",")
    return "{\"text\":\(jsonString(code.text)),\"corners\":[\(corners)],"
      + "\"micro\":\(code.isMicro),\"inverted\":\(code.isInverted)}"
  }
  return "{\"file\":\(jsonString(file)),\"width\":\(scene.image.width),"
    + "\"height\":\(scene.image.height),\"codes\":[\(codes.joined(separator: ","))]}\n"
}

/// qrscenes' command line: the class, how many scenes, the seed and the directory.
struct SceneArguments {
  var sceneClass: SceneClass
  var count: Int
  var seed: UInt64
  var output: String

  /// Parses the process's arguments; exits with status 0 after --help or --list, 64 on a usage
  /// error.
  static func parse() -> SceneArguments {
    var sceneClass: SceneClass?
    var count = 10
    var seed: UInt64 = 1
    var output: String?
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
      let (name, inline): (Substring, String?) =
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
          (argument[..<equals], String(argument[argument.index(after: equals)...]))
        } else {
          (Substring(argument), nil)
        }
      func value() -> String {
        if let inline { return inline }
        guard let next = arguments.popFirst() else {
          fail("missing value for '\(name)'", status: 64)
        }
        return next
      }
      switch name {
      case "-h", "--help":
        say(help, to: .standardOutput)
        exit(0)
      case "--list":
        say(SceneClass.allCases.map { "\($0)\n" }.joined(), to: .standardOutput)
        exit(0)
      case "--class":
        let text = value()
        guard let parsed = SceneClass(rawValue: text) else {
          fail("unknown class '\(text)' (see --list)", status: 64)
        }
        sceneClass = parsed
      case "--count":
        let text = value()
        guard let parsed = Int(text), parsed >= 0 else {
          fail("the value '\(text)' is invalid for '--count N'", status: 64)
        }
        count = parsed
      case "--seed":
        let text = value()
        guard let parsed = UInt64(text) else {
          fail("the value '\(text)' is invalid for '--seed S'", status: 64)
        }
        seed = parsed
      case "--output": output = value()
      default: fail("unknown option '\(argument)'", status: 64)
      }
    }
    guard let sceneClass else { fail("--class is required", status: 64) }
    guard let output else { fail("--output is required", status: 64) }
    return SceneArguments(sceneClass: sceneClass, count: count, seed: seed, output: output)
  }
}

// swift-tools-version:6.0
// libFuzzer targets for qrpipe's parsers, kept out of the main package so that the fuzzing flags
// never reach its build. Build and run with scripts/fuzz; see README.md.
import PackageDescription

/// A libFuzzer target has no `main`: libFuzzer's runtime provides it and calls
/// `LLVMFuzzerTestOneInput`, so the Swift file must not be compiled as a script.
let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
  name: "qrpipe-fuzz",
  dependencies: [.package(name: "qrpipe", path: "..")],
  targets: [
    // Input plumbing shared by the targets: bytes to a descriptor, findings that stop the run.
    .target(name: "FuzzSupport", dependencies: [.product(name: "QRCore", package: "qrpipe")]),
    .executableTarget(
      name: "FuzzFrameStream", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
    // The y4m and PNM readers alone: the input starts after the magic.
    .executableTarget(name: "FuzzY4M", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
    .executableTarget(name: "FuzzPNM", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
    // The PNG and JPEG readers alone, libpng and libjpeg behind them.
    .executableTarget(
      name: "FuzzImages", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
    .executableTarget(
      name: "FuzzQRFrameHeader", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
    // The tools' command-line modules, which the main package keeps out of its products (a
    // library user never pulls in the command line): Sources/FuzzCommandLine and Sources/FuzzTool
    // are symbolic links to ../Sources/QRCommandLine and ../Sources/QRCommands, compiled here
    // again under other names; FuzzTool's `import QRCommandLine` is aliased to FuzzCommandLine.
    .target(
      name: "FuzzCommandLine",
      dependencies: ["QRSystem"].map { .product(name: $0, package: "qrpipe") }),
    .target(
      name: "FuzzTool",
      dependencies: ["QRImage", "QRCodec", "QRVision", "QRSystem", "QRStream", "QRImageFormats",
        "QRCapture", "QRRender", "QRContent", "QRRecords", "QRDedupe", "QRSimulator"].map {
        .product(name: $0, package: "qrpipe")
      } + ["FuzzCommandLine"],
      swiftSettings: [.unsafeFlags(["-module-alias", "QRCommandLine=FuzzCommandLine"])]),
    .executableTarget(
      name: "FuzzDedupeLines", dependencies: ["FuzzSupport", "FuzzCommandLine", "FuzzTool"],
      swiftSettings: fuzzTarget),
    .executableTarget(
      name: "FuzzDecoder", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
    .executableTarget(
      name: "FuzzDetector", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
  ]
)

// swift-tools-version:6.0
// qrpipe: QR codes for Unix pipelines. See README.md, "Layout", for why the modules are split as they are.
import PackageDescription

let package = Package(
  name: "qrpipe",
  products: [
    .library(name: "QRCore", targets: ["QRCore"]),
    .executable(name: "qrcapture", targets: ["qrcapture"]),
    .executable(name: "qrdetect", targets: ["qrdetect"]),
    .executable(name: "qrdedupe", targets: ["qrdedupe"]),
    .executable(name: "qrrender", targets: ["qrrender"]),
    // Test fixture only: an LD_PRELOAD library that plays a V4L2 camera. Nothing links it.
    .library(name: "FakeV4L2", type: .dynamic, targets: ["CFakeV4L2"]),
  ],
  targets: [
    // ISO/IEC 18004 facts, Reed–Solomon, encoder and decoder. Pure Swift, no I/O.
    .target(name: "QRCodec"),
    // V4L2 constants, ioctl trampolines and a runtime dlopen of libv4l2 (no link-time dependency).
    .target(name: "CV4L2", linkerSettings: [.linkedLibrary("dl")]),
    // Syscalls, gray images, the qrframe(5) stream and its readers, capture sources.
    .target(name: "QRStream", dependencies: ["CV4L2"]),
    // Finding and sampling symbols in gray images: binarization, finder patterns, geometry.
    .target(name: "QRVision", dependencies: ["QRCodec", "QRStream"]),
    // Symbols to pictures: PBM/PGM, terminal art, SVG, PNG, frames.
    .target(name: "QRRender", dependencies: ["QRCodec", "QRStream"]),
    // Command-line plumbing shared by the four tools: options, help, diagnostics, exit statuses.
    .target(name: "QRTool", dependencies: ["QRCodec", "QRStream", "QRVision", "QRRender"]),
    // The public umbrella: `import QRCore` brings every module above.
    .target(
      name: "QRCore", dependencies: ["QRCodec", "QRStream", "QRVision", "QRRender", "QRTool"]),

    .executableTarget(name: "qrcapture", dependencies: ["QRCore"]),
    .executableTarget(name: "qrdetect", dependencies: ["QRCore"]),
    .executableTarget(name: "qrdedupe", dependencies: ["QRCore"]),
    .executableTarget(name: "qrrender", dependencies: ["QRCore"]),

    .target(
      name: "CFakeV4L2", path: "Tests/FakeV4L2", linkerSettings: [.linkedLibrary("dl")]),

    .testTarget(name: "QRCodecTests", dependencies: ["QRCodec"]),
    .testTarget(name: "QRStreamTests", dependencies: ["QRStream"]),
    .testTarget(name: "QRVisionTests", dependencies: ["QRVision", "QRCodec"]),
    .testTarget(name: "QRRenderTests", dependencies: ["QRRender", "QRCodec"]),
    .testTarget(name: "QRToolTests", dependencies: ["QRTool"]),
    // Runs the built binaries; depending on them makes `swift test` build them first.
    .testTarget(
      name: "ToolTests",
      dependencies: ["QRCore", "qrcapture", "qrdetect", "qrdedupe", "qrrender"]),
  ]
)

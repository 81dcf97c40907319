// swift-tools-version:6.0
// qrpipe: QR codes for Unix pipelines. ARCHITECTURE.md draws the module graph and says why each
// edge is there; Tests/ArchitectureTests checks this file and every import against it.
import PackageDescription

/// The library modules, lowest layer first; each is a product a package can depend on alone.
let libraries = [
  "QRImage", "QRCodec", "QRRandom", "QRVision", "QRTrack", "QRGrade", "QRSystem", "QRStream",
  "QRImageFormats", "QRCapture", "QRRender", "QRContent", "QRRecords", "QRDedupe", "QRSimulator",
]

/// A fully static executable in release builds. A static link takes libpng16.a and libtiff.a,
/// which need the libraries they use named after them (a dynamic library brings its own):
/// `pkg-config --static --libs libtiff-4` on Debian 12, and libstdc++ for Lerc (C++).
let staticRelease: [LinkerSetting] =
  [.unsafeFlags(["-static-executable"], .when(configuration: .release))]
  + ["webp", "Lerc", "jbig", "zstd", "lzma", "jpeg", "deflate", "z", "m", "stdc++"].map {
    .linkedLibrary($0, .when(configuration: .release))
  }

let package = Package(
  name: "qrpipe",
  products: libraries.map { .library(name: $0, targets: [$0]) } + [
    // Every library module above in one import; never the command line.
    .library(name: "QRCore", targets: ["QRCore"]),
    .executable(name: "qrcapture", targets: ["qrcapture"]),
    .executable(name: "qrdetect", targets: ["qrdetect"]),
    .executable(name: "qrdedupe", targets: ["qrdedupe"]),
    .executable(name: "qrrender", targets: ["qrrender"]),
    // Test fixture only: an LD_PRELOAD library that plays a V4L2 camera. Nothing links it.
    .library(name: "FakeV4L2", type: .dynamic, targets: ["CFakeV4L2"]),
  ],
  targets: [
    // Gray images, pixel layouts, points and homographies. Pure Swift, no Glibc.
    .target(name: "QRImage"),
    // ISO/IEC 18004 facts, Reed–Solomon, encoder and decoder. Pure Swift, no I/O.
    .target(name: "QRCodec"),
    // SplitMix64, the one seeded generator: the same seed gives the same scenes everywhere.
    .target(name: "QRRandom"),
    // Finding and sampling symbols in gray images: binarization, finder patterns, geometry.
    .target(name: "QRVision", dependencies: ["QRImage", "QRCodec"]),
    // Codes followed from frame to frame of a stream, and read by combining frames.
    .target(name: "QRTrack", dependencies: ["QRImage", "QRCodec", "QRVision"]),
    // Print-quality grades (ISO/IEC 15415, 18004) of located, decoded symbols; no detector.
    .target(name: "QRGrade", dependencies: ["QRImage", "QRCodec"]),
    // The process's view of the system: syscalls, descriptors, byte paths, lines, worker threads.
    .target(name: "QRSystem"),
    // Frames and the qrframe(5) stream format: headers, and the qrframe, y4m and PGM writers.
    .target(name: "QRStream", dependencies: ["QRImage", "QRSystem"]),
    // libpng and libjpeg(-turbo) from the system, found by pkg-config.
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(
      name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    // libwebp, libtiff and giflib from the system, found by pkg-config.
    .systemLibrary(
      name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
    .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
    // C: PNG, JPEG, WebP, TIFF and GIF in memory to gray, and HEIF through libheif loaded at run
    // time (dlopen); the libraries' setjmp/longjmp stay inside it.
    .target(
      name: "CImageCodecs", dependencies: ["CPNG", "CJPEG", "CWebP", "CTIFF", "CGIF"],
      linkerSettings: [.linkedLibrary("dl")]),
    // Every input format to frames: qrframe, y4m, PNM, PNG, JPEG and raw, read as one stream.
    .target(
      name: "QRImageFormats", dependencies: ["QRImage", "QRSystem", "QRStream", "CImageCodecs"]),
    // V4L2 constants, ioctl trampolines and a runtime dlopen of libv4l2 (no link-time dependency).
    .target(name: "CV4L2", linkerSettings: [.linkedLibrary("dl")]),
    // Cameras: V4L2 devices behind the `V4L2Calls` seam.
    .target(name: "QRCapture", dependencies: ["QRImage", "QRSystem", "QRStream", "CV4L2"]),
    // Symbols to pictures: PBM/PGM, terminal art, SVG, PNG, frames; frame annotation.
    .target(name: "QRRender", dependencies: ["QRImage", "QRCodec", "QRSystem", "QRStream"]),
    // Payload kinds (URL, Wi-Fi, contact, …): one model that both parses and builds them.
    .target(name: "QRContent"),
    // The detection record: its schema, JSON lines written and read.
    .target(
      name: "QRRecords", dependencies: ["QRImage", "QRCodec", "QRGrade", "QRSystem", "QRContent"]),
    // Throttling records per payload over time, presence events, structured-append assembly.
    .target(name: "QRDedupe", dependencies: ["QRImage", "QRRecords"]),
    // Scenes with codes in them and a simulated camera filming them, with truth.
    .target(
      name: "QRSimulator",
      dependencies: ["QRImage", "QRCodec", "QRRandom", "QRRender", "QRStream", "QRRecords"]),
    // A command line of any tool: option tables, parsing, help, completions, diagnostics,
    // exit statuses, signals. It knows no tool.
    .target(name: "QRCommandLine", dependencies: ["QRSystem"]),
    // The four tools' commands, one folder each: their option tables, options and runs.
    .target(
      name: "QRCommands",
      dependencies: [
        "QRImage", "QRCodec", "QRVision", "QRTrack", "QRGrade", "QRSystem", "QRStream",
        "QRImageFormats", "QRCapture", "QRRender", "QRContent", "QRRecords", "QRDedupe", "QRSimulator",
        "QRCommandLine",
      ]),
    // The public umbrella: `import QRCore` brings every library module.
    .target(name: "QRCore", dependencies: libraries.map { .target(name: $0) }),

    .executableTarget(name: "qrcapture", dependencies: ["QRCommands"]),
    // qrrender runs once per code in shell loops, qrdetect once per file or short stream and
    // qrdedupe at the end of every pipeline: in release builds they are linked fully static
    // (no dynamic loader, no libstdc++.so, libpng or libjpeg to relocate), which starts them in
    // a third of the time (Benchmarks/HISTORY.md). qrcapture stays dynamic: it dlopens libv4l2.
    .executableTarget(
      name: "qrdetect", dependencies: ["QRCommands"], linkerSettings: staticRelease),
    .executableTarget(
      name: "qrdedupe", dependencies: ["QRCommands"], linkerSettings: staticRelease),
    .executableTarget(
      name: "qrrender", dependencies: ["QRCommands"], linkerSettings: staticRelease),
    .executableTarget(
      name: "qrscenes", dependencies: ["QRSimulator", "QRImage", "QRSystem", "QRStream"]),
    .executableTarget(
      name: "qrtrace",
      dependencies: ["QRImage", "QRSystem", "QRStream", "QRImageFormats", "QRVision"]),

    .target(
      name: "CFakeV4L2", path: "Tests/FakeV4L2", linkerSettings: [.linkedLibrary("dl")]),

    .testTarget(name: "QRImageTests", dependencies: ["QRImage"]),
    .testTarget(name: "QRCodecTests", dependencies: ["QRCodec", "QRRandom"]),
    .testTarget(name: "QRSystemTests", dependencies: ["QRSystem"]),
    .testTarget(
      name: "QRStreamTests", dependencies: ["QRImage", "QRSystem", "QRStream", "QRImageFormats"]),
    .testTarget(
      name: "QRCaptureTests", dependencies: ["QRCapture", "QRImage", "QRSystem", "CV4L2"]),
    .testTarget(
      name: "QRVisionTests", dependencies: ["QRVision", "QRCodec", "QRImage", "QRSimulator"]),
    .testTarget(
      name: "QRTrackTests",
      dependencies: ["QRTrack", "QRVision", "QRCodec", "QRImage", "QRSimulator", "QRRandom"]),

    .testTarget(name: "QRGradeTests", dependencies: ["QRGrade", "QRCodec", "QRImage"]),
    .testTarget(
      name: "QRRenderTests",
      dependencies: ["QRRender", "QRCodec", "QRImage", "QRSystem", "QRStream", "QRImageFormats"]),
    .testTarget(name: "QRContentTests", dependencies: ["QRContent"]),
    .testTarget(name: "QRRecordsTests", dependencies: ["QRRecords", "QRCodec", "QRImage"]),
    .testTarget(name: "QRDedupeTests", dependencies: ["QRDedupe", "QRRecords"]),
    .testTarget(
      name: "QRSimulatorTests", dependencies: ["QRSimulator", "QRImage", "QRCodec", "QRStream"]),
    .testTarget(
      name: "QRCommandLineTests", dependencies: ["QRCore", "QRCommandLine", "QRCommands"]),
    .testTarget(
      name: "QRCommandsTests",
      dependencies: ["QRCore", "QRRecords", "QRCommandLine", "QRCommands"]),
    // Reads ARCHITECTURE.md, Package.swift and the sources: the module graph and doc comments.
    .testTarget(name: "ArchitectureTests"),
    // Runs the built binaries; depending on them makes `swift test` build them first.
    .testTarget(
      name: "ToolTests",
      dependencies: [
        "QRCore", "QRCommandLine", "QRCommands", "qrcapture", "qrdetect", "qrdedupe", "qrrender",
      ]),
  ]
)

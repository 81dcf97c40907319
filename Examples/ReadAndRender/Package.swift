// swift-tools-version:6.0
// An example client of qrpipe: it depends on the library products it uses and nothing else.
// Copy this directory anywhere and point the path (or a URL) at your qrpipe checkout.
import PackageDescription

let package = Package(
  name: "ReadAndRender",
  dependencies: [
    .package(name: "qrpipe", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "read-and-render",
      dependencies: [
        .product(name: "QRImage", package: "qrpipe"),
        .product(name: "QRCodec", package: "qrpipe"),
        .product(name: "QRVision", package: "qrpipe"),
        .product(name: "QRTrack", package: "qrpipe"),
        .product(name: "QRSystem", package: "qrpipe"),
        .product(name: "QRImageFormats", package: "qrpipe"),
        .product(name: "QRRender", package: "qrpipe"),
      ])
  ]
)

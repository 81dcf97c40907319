// SPDX-License-Identifier: MIT
// The umbrella module: `import QRCore` brings the codec, the streams and the CLI plumbing.

@_exported import QRCodec
@_exported import QRStream
@_exported import QRVision
@_exported import QRTool

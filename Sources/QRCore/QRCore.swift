// SPDX-License-Identifier: MIT
// The umbrella module: `import QRCore` brings the codec, streams, vision, rendering and CLI plumbing.

@_exported import QRCodec
@_exported import QRRender
@_exported import QRStream
@_exported import QRTool
@_exported import QRVision

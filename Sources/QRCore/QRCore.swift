// SPDX-License-Identifier: MIT
// The umbrella module: `import QRCore` brings every library module, never the command line.

@_exported import QRCapture
@_exported import QRCodec
@_exported import QRContent
@_exported import QRDedupe
@_exported import QRGrade
@_exported import QRImage
@_exported import QRImageFormats
@_exported import QRRandom
@_exported import QRRecords
@_exported import QRRender
@_exported import QRSimulator
@_exported import QRStream
@_exported import QRSystem
@_exported import QRTrack
@_exported import QRVision

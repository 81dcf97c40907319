// SPDX-License-Identifier: MIT
// Several symbols as one stream: PNM images back to back, frames, or art between blank lines.

import QRCodec
import QRImage
import QRStream
import QRSystem

/// Writes rendered symbols one after another to a descriptor, each with one write.
///
/// PBM and PGM images simply follow each other (Netpbm reads such streams); qrframe frames are
/// numbered from 0 at 25 frames per second; a y4m stream has one header and one frame size:
/// `frameSize` when given, else the first symbol's (a smaller symbol is centred on a light
/// background); text art is separated by a blank line. SVG and PNG files hold one image, so a caller gives them one symbol per file.
///
///     var writer = ImageStreamWriter(format: .pbm, options: options, descriptor: .standardOutput)
///     for symbol in symbols { try writer.write(symbol) }
public struct ImageStreamWriter: Sendable {
  /// The format written.
  public let format: ImageFormat
  /// How symbols become pixels.
  public let options: RenderOptions
  /// Where the stream goes; not closed here.
  public let descriptor: FileDescriptor
  /// How many images have been written.
  public private(set) var count = 0
  /// The y4m frame size chosen in advance, or nil for the first symbol's.
  public let frameSize: (width: Int, height: Int)?
  private var y4m: Y4MWriter

  /// A writer of `format` images to `descriptor`; `frameSize` fixes the size of y4m frames.
  public init(
    format: ImageFormat, options: RenderOptions, descriptor: FileDescriptor,
    frameSize: (width: Int, height: Int)? = nil
  ) {
    self.format = format
    self.options = options
    self.descriptor = descriptor
    self.frameSize = frameSize
    y4m = Y4MWriter(descriptor: descriptor, frameRate: .standard)
  }

  /// The error writing `symbol` would meet because it is larger than the stream's y4m frames,
  /// or nil if it fits (or the format is not y4m).
  public func sizeProblem(_ symbol: EncodedSymbol) -> RenderOutputError? {
    guard format == .y4m, let size = y4m.size ?? frameSize else { return nil }
    let side = ModuleRaster(symbol, options: options).side * options.scale
    guard side > size.width || side > size.height else { return nil }
    return .frameTooLarge(
      width: side, height: side, streamWidth: size.width, streamHeight: size.height)
  }

  /// Writes `symbol` as the next image of the stream.
  ///
  /// - Throws: `RenderOutputError.io` if the write fails, `.frameTooLarge` for a y4m frame
  ///   larger than the first (nothing written then).
  public mutating func write(_ symbol: EncodedSymbol) throws(RenderOutputError) {
    let raster = ModuleRaster(symbol, options: options)
    if format == .y4m {
      try writeY4M(Renderer.grayImage(raster, options: options))
      count += 1
      return
    }
    do throws(Errno) {
      switch format {
      case .qrframe:
        let image = Renderer.grayImage(raster, options: options)
        let sequence = UInt64(count)
        try FrameWriter(descriptor: descriptor).write(
          Frame(
            image: image, sequence: sequence,
            timestamp: FrameRate.standard.nanoseconds(atFrame: sequence)))
      default:
        var bytes: [UInt8] = format.isTerminalArt && count > 0 ? [0x0A] : []
        bytes.append(contentsOf: Renderer.render(raster, as: format, options: options))
        try descriptor.writeAll(bytes)
      }
    } catch {
      throw .io(error)
    }
    count += 1
  }

  private mutating func writeY4M(_ image: GrayImage) throws(RenderOutputError) {
    var image = image
    if let size = y4m.size ?? frameSize, size != (image.width, image.height) {
      guard image.width <= size.width, image.height <= size.height else {
        throw .frameTooLarge(
          width: image.width, height: image.height, streamWidth: size.width,
          streamHeight: size.height)
      }
      image = Self.centred(image, width: size.width, height: size.height, fill: options.light.luma)
    }
    do {
      try y4m.write(image)
    } catch {
      switch error {
      case .io(let errno): throw .io(errno)
      case .sizeChanged(let width, let height, let streamWidth, let streamHeight):
        throw .frameTooLarge(
          width: width, height: height, streamWidth: streamWidth, streamHeight: streamHeight)
      }
    }
  }

  /// `image` in the middle of a `width` × `height` canvas of `fill`.
  static func centred(_ image: GrayImage, width: Int, height: Int, fill: UInt8) -> GrayImage {
    var canvas = GrayImage(width: width, height: height, filledWith: fill)
    let left = (width - image.width) / 2
    let top = (height - image.height) / 2
    for y in 0..<image.height {
      let source = y * image.width
      let target = (top + y) * width + left
      canvas.pixels[target..<target + image.width] = image.pixels[source..<source + image.width]
    }
    return canvas
  }
}

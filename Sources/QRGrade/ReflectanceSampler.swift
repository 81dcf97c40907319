// SPDX-License-Identifier: MIT
// Reflectance read from a gray image: at a point, and through a synthetic aperture.

import Glibc
import QRImage

/// Reads reflectance (0 black … 1 white, the image's gray levels taken as they are) from an
/// image, at a point by bilinear interpolation, or averaged over a circular synthetic aperture.
///
/// Points outside the image read the nearest edge pixel.
struct ReflectanceSampler: Sendable {
  let image: GrayImage
  /// The aperture's sample points around its centre, in pixels.
  let apertureOffsets: [Point]

  /// A sampler whose aperture has diameter `diameter` pixels: points on concentric rings
  /// (6 *k* on ring *k*), about one ring per pixel of radius and at most four, so that small
  /// apertures still average and large ones cost no more than 61 samples.
  init(_ image: GrayImage, apertureDiameter diameter: Double) {
    self.image = image
    let radius = max(diameter / 2, 0)
    let rings = min(max(Int(radius.rounded(.up)), 1), 4)
    var offsets = [Point(x: 0, y: 0)]
    if radius > 0 {
      for ring in 1...rings {
        let r = radius * Double(ring) / Double(rings)
        let count = 6 * ring
        for k in 0..<count {
          let angle = 2 * Double.pi * (Double(k) + (ring % 2 == 0 ? 0.5 : 0)) / Double(count)
          offsets.append(Point(x: r * cos(angle), y: r * sin(angle)))
        }
      }
    }
    apertureOffsets = offsets
  }

  /// The reflectance at `point` (pixel centres at half-integer coordinates), interpolated.
  @inline(__always)
  func reflectance(at point: Point) -> Double {
    let width = image.width
    let height = image.height
    let x = min(max(point.x - 0.5, 0), Double(width - 1))
    let y = min(max(point.y - 0.5, 0), Double(height - 1))
    let x0 = Int(x)
    let y0 = Int(y)
    let x1 = min(x0 + 1, width - 1)
    let y1 = min(y0 + 1, height - 1)
    let fx = x - Double(x0)
    let fy = y - Double(y0)
    let pixels = image.pixels
    let top = Double(pixels[y0 * width + x0]) * (1 - fx) + Double(pixels[y0 * width + x1]) * fx
    let bottom = Double(pixels[y1 * width + x0]) * (1 - fx) + Double(pixels[y1 * width + x1]) * fx
    return (top * (1 - fy) + bottom * fy) / 255
  }

  /// The mean reflectance over the aperture centred on `point`: each sample point reads the
  /// pixel it falls in, a pixel being itself an area of the print, so that an aperture inside
  /// one pixel reads that pixel alone, never a blend with its neighbours.
  func apertureReflectance(at point: Point) -> Double {
    let width = image.width
    let height = image.height
    let pixels = image.pixels
    var sum = 0
    for offset in apertureOffsets {
      let x = min(max(Int((point.x + offset.x).rounded(.down)), 0), width - 1)
      let y = min(max(Int((point.y + offset.y).rounded(.down)), 0), height - 1)
      sum += Int(pixels[y * width + x])
    }
    return Double(sum) / Double(apertureOffsets.count * 255)
  }
}

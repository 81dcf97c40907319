// SPDX-License-Identifier: MIT
// Seeded still scenes with truth, one class of difficulty at a time, for benchmarks.

import QRCodec
import QRImage
import QRRandom

/// Makes still images of codes, with the truth of every code in them, from a class, an index
/// and a seed.
///
/// The same (class, index, seed) gives the same image, byte for byte: every random choice comes
/// from a `SplitMix64` stream of the seed named by the class and the index, so image 7 does not
/// depend on images 0…6.
///
///     let scene = SceneGenerator.scene(.blur, index: 0, seed: 1)
///     print(scene.image.width, scene.codes.map(\.text))
///
/// Payloads are encoded by QRCodec's encoder (level M unless a class says otherwise) and
/// differ within an image. Each class's ranges are documented where it is built, in
/// `SceneGenerator+Classes.swift`.
public enum SceneGenerator {
  /// Image `index` of `sceneClass` for `seed`.
  ///
  /// - Complexity: O(pixels), plus O(9) per pixel a code or sheet covers.
  public static func scene(_ sceneClass: SceneClass, index: Int, seed: UInt64) -> GeneratedScene {
    let ordinal = UInt64(SceneClass.allCases.firstIndex(of: sceneClass) ?? 0)
    var random = SplitMix64(seed: seed, stream: ordinal << 32 | UInt64(truncatingIfNeeded: index))
    switch sceneClass {
    case .sheets: return sheets(&random)
    case .multi: return multi(&random)
    case .filling: return filling(&random)
    case .screen: return screen(&random)
    case .lowcontrast: return lowContrast(&random)
    case .blur: return blur(&random)
    case .perspective: return perspective(&random)
    case .curved: return curved(&random)
    case .uneven: return uneven(&random)
    case .dense: return dense(&random)
    case .micro: return micro(&random)
    case .empty: return empty(&random)
    case .wall: return wall(&random)
    case .label: return label(&random)
    case .small: return small(&random)
    case .closeup: return closeup(&random)
    case .monitor: return monitor(&random)
    }
  }

  /// 1280 × 720 or 1920 × 1080, at random.
  static func videoSize(_ random: inout SplitMix64) -> (Int, Int) {
    random.chance(0.5) ? (1280, 720) : (1920, 1080)
  }
}

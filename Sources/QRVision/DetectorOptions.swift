// SPDX-License-Identifier: MIT
// What a detector looks for and how hard it tries.

/// The choices a `Detector` caller can make; the defaults suit camera frames.
public struct DetectorOptions: Hashable, Sendable {
  /// How much time a frame may take in fallbacks after the first pass.
  public enum Effort: String, Hashable, Sendable, CaseIterable {
    /// One pass over the frame, every third row (`DetectionPlan.fast`).
    case fast
    /// Every other row, the local threshold and its inverse over the frame and its halvings,
    /// then other thresholds where finder patterns promise a symbol, and a closer look at
    /// small ones (`DetectionPlan.balanced`).
    case balanced
    /// Balanced effort's looks, then every pass over the frame and its halvings, every row
    /// (`DetectionPlan.accurate`).
    case accurate

    /// What a frame gets at this effort: its looks, its switches and its budget.
    var plan: DetectionPlan {
      switch self {
      case .fast: .fast
      case .balanced: .balanced
      case .accurate: .accurate
      }
    }
  }

  /// A rectangle of the image, in pixels.
  public struct Region: Hashable, Sendable {
    /// The left edge.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// The width.
    public var width: Int
    /// The height.
    public var height: Int

    /// Creates a region.
    public init(x: Int, y: Int, width: Int, height: Int) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }
  }

  /// The effort per frame. Default `.balanced`.
  public var effort: Effort = .balanced
  /// Only look for finder patterns here (symbols may extend past it); nil for the whole image.
  public var region: Region?
  /// Stop after this many symbols. Default: no limit (every symbol that decodes).
  public var maxSymbols = Int.max
  /// Whether to look for light-on-dark symbols. Default true.
  public var triesInverted = true
  /// Whether to look for Micro QR symbols. Default true.
  public var findsMicroQR = true
  /// Whether to look for QR Code symbols (model 2, and model 1): when false, finder patterns
  /// are never grouped into triples and only Micro QR is read. Default true.
  public var findsQR = true

  /// Whether the detector records the steps of its search on each frame (`Detector.lastTrace`).
  /// Default false; for finding out why a code is missed, not for production.
  public var tracesSearch = false

  /// Creates the default options.
  public init() {}
}

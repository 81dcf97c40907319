// SPDX-License-Identifier: MIT
// The pictures qrrender can make, and what each one can hold.

/// An output format for rendered symbols.
///
/// The raw values are the names `qrrender --format` takes.
public enum ImageFormat: String, CaseIterable, Sendable {
  /// Raw PBM (`P4`): one bit per pixel, 1 is black. Netpbm, zbarimg and qrdetect read it.
  case pbm
  /// Plain PBM (`P1`): `0` and `1` digits in text.
  case pbmPlain = "pbm-plain"
  /// Raw PGM (`P5`), 8-bit gray.
  case pgm
  /// Text art, `##` for each dark module: for printing, or a terminal with a light background.
  case ascii
  /// Text art, `##` for each light module: for a terminal with a dark background.
  case asciiInverted = "ascii-inverted"
  /// Half blocks, two rows per line, blocks for light modules: for a dark terminal background.
  case utf8
  /// Half blocks, blocks for dark modules: for a light terminal background.
  case utf8Inverted = "utf8-inverted"
  /// Terminal art in background colours (SGR escapes), right on any terminal background.
  case ansi
  /// Half blocks in foreground and background colours: as small as `utf8`, and right on any
  /// terminal background as `ansi` is (qrencode's ANSIUTF8).
  case ansiUTF8 = "ansi-utf8"
  /// Scalable vector graphics: one path of dark modules on a background rectangle.
  case svg
  /// Portable Network Graphics, 1 bit per pixel (grayscale or a two-colour palette).
  case png
  /// Encapsulated PostScript: one filled rectangle per run of dark modules, `scale` points per
  /// module.
  case eps
  /// A one-page PDF, vector: one filled rectangle per run of dark modules, `scale` points per
  /// module.
  case pdf
  /// X PixMap (XPM3): C source text, one character per pixel.
  case xpm
  /// A qrframe(5) frame, what qrdetect reads.
  case qrframe
  /// A YUV4MPEG2 stream (`Cmono`), for ffmpeg and mpv.
  case y4m

  /// Whether the format is text for a terminal; several symbols are separated by a blank line.
  public var isTerminalArt: Bool {
    switch self {
    case .ascii, .asciiInverted, .utf8, .utf8Inverted, .ansi, .ansiUTF8: true
    default: false
    }
  }

  /// Whether the output is binary data, not text a terminal can show.
  public var isBinary: Bool {
    switch self {
    case .pbm, .pgm, .png, .pdf, .qrframe, .y4m: true
    default: false
    }
  }

  /// Whether one file can hold several images one after another (a stream of PNM images or
  /// frames, or text art); an SVG, PNG, EPS, PDF or XPM file holds one.
  public var holdsSeveralImages: Bool {
    switch self {
    case .svg, .png, .eps, .pdf, .xpm: false
    default: true
    }
  }

  /// Whether `--dark` and `--light` change the output (gray formats take the colours' luma).
  public var usesColors: Bool {
    switch self {
    case .svg, .png, .eps, .pdf, .xpm, .ansi, .ansiUTF8, .pgm, .qrframe, .y4m: true
    default: false
    }
  }

  /// Whether any alpha of the colours is honoured: PNG (a `tRNS` chunk), SVG (`fill-opacity`)
  /// and PDF (a graphics state's `/ca`).
  public var usesAlpha: Bool {
    switch self {
    case .svg, .png, .pdf: true
    default: false
    }
  }

  /// Whether a colour with alpha 0 is left unpainted (transparent) though other alphas are not
  /// expressible: EPS and XPM (`None`).
  public var usesTransparencyOnly: Bool { self == .eps || self == .xpm }

  /// The usual file name extension, without the dot.
  public var fileExtension: String {
    switch self {
    case .pbm, .pbmPlain: "pbm"
    case .pgm: "pgm"
    case .ascii, .asciiInverted, .utf8, .utf8Inverted, .ansi, .ansiUTF8: "txt"
    case .svg: "svg"
    case .png: "png"
    case .eps: "eps"
    case .pdf: "pdf"
    case .xpm: "xpm"
    case .qrframe: "qrframe"
    case .y4m: "y4m"
    }
  }

  /// The scale used when none is given: 4 pixels per module for pictures (readers want a few
  /// pixels per module), 1 character cell per module for terminal art.
  public var defaultScale: Int { isTerminalArt ? 1 : 4 }
}

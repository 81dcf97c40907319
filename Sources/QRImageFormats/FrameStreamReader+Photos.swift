// SPDX-License-Identifier: MIT
// WebP, TIFF, GIF and HEIF input: each image's extent found here, its frames decoded in C.

import CImageCodecs
import Glibc
import QRImage
import QRStream
import QRSystem

/// The frames still to come from one WebP, TIFF, GIF or HEIF image: its bytes, owned here, and
/// the C decoder reading them (`qr_frames`), which returns one frame at a time.
final class PhotoFrames {
  let format: String
  /// The orientation of every frame when the container gives it (WebP's EXIF), else nil.
  var orientation: Int?
  private let bytes: UnsafeMutableRawBufferPointer
  private let handle: OpaquePointer?
  /// Frames decoded already (by another process), served instead of the handle's.
  private var queued: [GrayImage] = []

  /// Frames decoded already.
  init(images: [GrayImage], format: String) {
    self.format = format
    bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 1, alignment: 16)
    handle = nil
    queued = images
  }

  /// Opens `data` as `kind`; the message and status of `qr_frames_open` on failure.
  init(
    _ data: [UInt8], kind: Int32, format: String, memory: Int
  ) throws(PhotoFrames.Failure) {
    self.format = format
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 16)
    data.withUnsafeBytes { copy.copyMemory(from: $0) }
    var status: Int32 = 0
    var message = [CChar](repeating: 0, count: 300)
    let opened = message.withUnsafeMutableBufferPointer { text in
      qr_frames_open(
        kind, copy.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count, memory, &status,
        text.baseAddress, text.count)
    }
    guard let opened else {
      copy.deallocate()
      throw Failure(status: status, message: Self.text(message))
    }
    bytes = copy
    handle = opened
  }

  /// Whether the frames are decoded here, one at a time (not by another process beforehand).
  var decodesHere: Bool { handle != nil }

  deinit {
    qr_frames_close(handle)
    bytes.deallocate()
  }

  /// What went wrong: `qr_frames_*`'s status and message.
  struct Failure: Error {
    var status: Int32
    var message: String
  }

  /// The next frame's stored size and orientation, or nil after the last.
  func next() throws(Failure) -> (width: Int, height: Int, orientation: Int)? {
    guard let handle else { return queued.first.map { ($0.width, $0.height, 1) } }
    var width: UInt32 = 0
    var height: UInt32 = 0
    var orientation: Int32 = 1
    var message = [CChar](repeating: 0, count: 300)
    let status = message.withUnsafeMutableBufferPointer {
      qr_frames_next(handle, &width, &height, &orientation, $0.baseAddress, $0.count)
    }
    if status == 0 { return nil }
    guard status == 1 else { throw Failure(status: status, message: Self.text(message)) }
    return (Int(width), Int(height), Int(orientation))
  }

  /// Decodes the frame `next()` moved to, as stored.
  func decode(width: Int, height: Int, orientation: Int) throws(Failure) -> GrayImage {
    guard let handle else { return queued.removeFirst() }
    var message = [CChar](repeating: 0, count: 300)
    var status: Int32 = -1
    let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, initialized in
      status = message.withUnsafeMutableBufferPointer {
        qr_frames_decode(
          handle, Int32(orientation), buffer.baseAddress, $0.baseAddress, $0.count)
      }
      // UInt8 is trivial: on failure nothing needs deinitializing, and the array is discarded.
      initialized = status == 0 ? buffer.count : 0
    }
    guard status == 0 else { throw Failure(status: status, message: Self.text(message)) }
    return GrayImage(width: width, height: height, pixels: pixels)
  }

  static func text(_ message: [CChar]) -> String {
    String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

extension FrameStreamReader {
  static let gifMagics: [[UInt8]] = [Array("GIF87a".utf8), Array("GIF89a".utf8)]
  static let tiffMagics: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]
  /// ISO base media brands of still images libheif reads (HEIC, HEIF, AVIF).
  static let heifBrands: Set<String> = [
    "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis",
  ]
  /// Top-level boxes of a HEIF file; the image ends before anything else.
  static let heifBoxes: Set<String> = [
    "ftyp", "meta", "mdat", "moov", "free", "skip", "uuid", "idat", "wide", "pdin", "styp",
    "sidx", "moof", "mfra", "prft", "etyp", "otyp", "pnot", "junk",
  ]

  /// The photo format `head` (the first `ForeignFormat.magicLength` or more bytes) starts with.
  static func photoKind(_ head: some Collection<UInt8>) -> InputKind? {
    let bytes = Array(head.prefix(32))
    func has(_ text: String, at offset: Int = 0) -> Bool {
      let magic = Array(text.utf8)
      return bytes.count >= offset + magic.count
        && Array(bytes[offset..<offset + magic.count]) == magic
    }
    if gifMagics.contains(where: { bytes.starts(with: $0) }) { return .gif }
    if tiffMagics.contains(where: { bytes.starts(with: $0) }) { return .tiff }
    if has("RIFF") && has("WEBP", at: 8) { return .webp }
    if has("ftyp", at: 4), bytes.count >= 12,
      heifBrands.contains(String(decoding: bytes[8..<12], as: UTF8.self))
    {
      return .heif
    }
    if isBMPHeader(bytes) { return .bmp }
    return nil
  }

  /// `BM`, then a DIB header size that some BMP version has (at byte 14).
  static func isBMPHeader(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 18, bytes[0] == 0x42, bytes[1] == 0x4D else { return false }
    let size = littleEndian(bytes, at: 14, count: 4)
    return [12, 16, 40, 52, 56, 64, 108, 124].contains(size)
  }

  /// The unsigned little-endian number of `count` bytes at `offset` of `bytes`.
  static func littleEndian(_ bytes: some RandomAccessCollection<UInt8>, at offset: Int, count: Int)
    -> Int
  {
    let start = bytes.index(bytes.startIndex, offsetBy: offset)
    return (0..<count).reversed().reduce(0) {
      $0 << 8 | Int(bytes[bytes.index(start, offsetBy: $1)])
    }
  }

  // MARK: - Extents

  /// Reads one WebP image, whose RIFF header gives its length, and opens its frames.
  func readWebP() throws(FrameStreamError) -> PhotoFrames {
    var data: [UInt8] = []
    try take(12, into: &data, format: "WebP")
    let length = Self.littleEndian(data, at: 4, count: 4)
    let total = 8 + length + length % 2
    guard length >= 4 else {
      throw failure(.malformedImage(format: "WebP", detail: "RIFF length \(length)"))
    }
    try checkPhotoBytes(total, format: "WebP")
    try take(total - 12, into: &data, format: "WebP")
    skipsLeadingWhitespace = true
    // An animation's decoder keeps two RGBA canvases (VP8X: flag 0x02, the canvas size - 1).
    var held = 0
    var canvas = (width: 0, height: 0)
    if data.count >= 30, Array(data[12..<16]) == Array("VP8X".utf8), data[20] & 0x02 != 0 {
      canvas = (
        Self.littleEndian(data, at: 24, count: 3) + 1, Self.littleEndian(data, at: 27, count: 3) + 1
      )
      try checkLimit(width: canvas.width, height: canvas.height)
      held = 8 * canvas.width * canvas.height
    }
    let photo = try openPhoto(data, kind: QR_FRAMES_WEBP, format: "WebP", held: held, size: canvas)
    photo.orientation = Self.webpOrientation(data)
    return photo
  }

  /// Reads one GIF, from its header to its trailer (`;`), and opens its frames.
  func readGIF() throws(FrameStreamError) -> PhotoFrames {
    var data: [UInt8] = []
    try take(13, into: &data, format: "GIF")
    let width = Self.littleEndian(data, at: 6, count: 2)
    let height = Self.littleEndian(data, at: 8, count: 2)
    guard width >= 1, height >= 1 else { throw failure(.zeroSize(width: width, height: height)) }
    try checkLimit(width: width, height: height)
    // The bytes are bounded by the decoding memory and half the budget; the frames, as every
    // multi-frame image's, by `options.maximumFramesPerImage` and `maximumPixelsPerImage`
    // (nextPhotoFrame).
    if data[10] & 0x80 != 0 { try take(3 << (Int(data[10] & 7) + 1), into: &data, format: "GIF") }
    blocks: while true {
      try take(1, into: &data, format: "GIF")
      switch data[data.count - 1] {
      case 0x3B:
        break blocks
      case 0x21:
        try take(1, into: &data, format: "GIF")
        try takeSubBlocks(into: &data)
      case 0x2C:
        try take(9, into: &data, format: "GIF")
        let base = data.count - 9
        let flags = data[base + 8]
        if flags & 0x80 != 0 { try take(3 << (Int(flags & 7) + 1), into: &data, format: "GIF") }
        try take(1, into: &data, format: "GIF")
        try takeSubBlocks(into: &data)
      default:
        throw failure(
          .malformedImage(
            format: "GIF", detail: "unexpected block 0x\(Self.hexByte(data[data.count - 1]))"))
      }
    }
    skipsLeadingWhitespace = true
    // giflib's two screens (the canvas and the one before the frame) and a line.
    return try openPhoto(
      data, kind: QR_FRAMES_GIF, format: "GIF", held: 2 * width * height + width,
      size: (width, height))
  }

  /// Appends GIF data sub-blocks (a length byte, then that many bytes) up to the empty one.
  private func takeSubBlocks(into data: inout [UInt8]) throws(FrameStreamError) {
    while true {
      try take(1, into: &data, format: "GIF")
      let length = Int(data[data.count - 1])
      if length == 0 { return }
      try checkPhotoBytes(data.count + length, format: "GIF")
      try take(length, into: &data, format: "GIF")
    }
  }

  /// Reads a TIFF: its directories and strips may be anywhere, so it is the rest of the input.
  func readTIFF() throws(FrameStreamError) -> PhotoFrames {
    var data: [UInt8] = []
    try reserveRestOfFile(&data, format: "TIFF")
    try take(8, into: &data, format: "TIFF")
    while try ensure(1) {
      let count = min(input.bufferedCount, max(Self.imageReadStep, data.count))
      try checkPhotoBytes(data.count + count, format: "TIFF")
      try take(count, into: &data, format: "TIFF")
    }
    return try openPhoto(data, kind: QR_FRAMES_TIFF, format: "TIFF")
  }

  /// Reads a HEIF file's top-level boxes, up to the first that is not one of `heifBoxes`.
  func readHEIF() throws(FrameStreamError) -> PhotoFrames {
    var data: [UInt8] = []
    while try ensure(8) {
      let head = Array(input.buffered.prefix(16))
      let type = String(decoding: head[4..<8], as: UTF8.self)
      guard Self.heifBoxes.contains(type) else { break }
      var length = Self.bigEndian(input.buffered, at: 0, count: 4)
      if length == 1 {
        guard try ensure(16) else { throw truncatedImage(data, format: "HEIF") }
        length = Self.bigEndian(input.buffered, at: 8, count: 8)
      }
      if length == 0 {
        // To the end of the input.
        try reserveRestOfFile(&data, format: "HEIF")
        while try ensure(1) {
          let count = min(input.bufferedCount, max(Self.imageReadStep, data.count))
          try checkPhotoBytes(data.count + count, format: "HEIF")
          try take(count, into: &data, format: "HEIF")
        }
        break
      }
      // A 64-bit length may be above Int.max (negative here), or near it: the sum is capped.
      guard length >= 8 else {
        throw failure(.malformedImage(format: "HEIF", detail: "box length \(length)"))
      }
      try checkPhotoBytes(data.count + min(length, Int.max / 4), format: "HEIF")
      try take(length, into: &data, format: "HEIF")
    }
    guard !data.isEmpty else { throw truncatedImage(data, format: "HEIF") }
    skipsLeadingWhitespace = true
    return try openPhoto(data, kind: QR_FRAMES_HEIF, format: "HEIF")
  }

  /// Before an image that is the rest of its input is read into `data`: when the input is a
  /// regular file, refuses one whose size alone exceeds the decoding memory, or which could not
  /// be held twice (its bytes, and the decoder's copy) in the budget, before reading any of it,
  /// and makes room for all of it at once (growing as it arrives, a 256 MiB TIFF peaked at 470
  /// MB: each step copies what came before).
  private func reserveRestOfFile(_ data: inout [UInt8], format: String) throws(FrameStreamError) {
    var info = stat()
    guard fstat(input.descriptor.rawValue, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      return
    }
    let remaining = Int(info.st_size) - input.offset
    guard remaining > 0 else { return }
    try checkPhotoBytes(data.count + remaining, format: format)
    data.reserveCapacity(data.count + remaining)
  }

  /// Throws unless a WebP, GIF, TIFF or HEIF image may hold `count` bytes: at most the decoding
  /// memory, and at most half the budget, as they are held twice (read here, and the copy its
  /// decoder reads).
  private func checkPhotoBytes(_ count: Int, format: String) throws(FrameStreamError) {
    if count > budget.capacity / 2 {
      throw failure(.imageMemory(format: format, limit: budget.capacity / 2))
    }
    try checkImageBytes(count, limit: Int.max, format: format)
  }

  /// Opens `data`, of `kind`, reserving its bytes (twice: `data`, and the copy the decoder
  /// reads) and `held`, what its decoder keeps for all its frames, from the budget.
  private func openPhoto(
    _ data: [UInt8], kind: Int, format: String, held: Int = 0, size: (Int, Int) = (0, 0)
  ) throws(FrameStreamError) -> PhotoFrames {
    photoWork = (0, 0)
    try reservePhoto(2 * data.count + held, width: size.0, height: size.1)
    if kind == QR_FRAMES_HEIF, qr_is_static_process() != 0 { return try decodeByHelper(data) }
    let memory = options.maximumDecodingMemory
    do throws(PhotoFrames.Failure) {
      return try PhotoFrames(
        data, kind: Int32(kind), format: format, memory: max(1, memory - data.count))
    } catch {
      throw photoFailure(error, format: format)
    }
  }

  /// Decodes a HEIF image in a fully static process, where libheif cannot start its threads: by
  /// qrcapture, dynamically linked, beside this executable, which loads libheif and writes the
  /// image as a qrframe stream.
  private func decodeByHelper(_ data: [UInt8]) throws(FrameStreamError) -> PhotoFrames {
    let problem = String(cString: qr_heif_problem())
    guard problem.isEmpty else {
      throw .missingLibrary(
        frame: frameCount, offset: frameStart, format: "HEIF", problem: problem, input: name)
    }
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let executable = String(
      decoding: buffer.prefix(max(0, length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let directory = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    let helper = directory.joined(separator: "/") + "/qrcapture"
    func failed(_ detail: String) -> FrameStreamError {
      failure(.malformedImage(format: "HEIF", detail: detail))
    }
    guard access(helper, X_OK) == 0 else {
      let problem =
        "this static build runs it in the qrcapture beside it, which is not in"
        + " \(directory.joined(separator: "/")): install both tools there (scripts/install)"
      throw .missingLibrary(
        frame: frameCount, offset: frameStart, format: "HEIF", problem: problem, input: name)
    }
    var output: Int32 = -1
    var errors: Int32 = -1
    var pid: Int32 = 0
    // The helper decodes within what this process's budget leaves, held here while it runs.
    let helperMemory = max(1 << 20, budget.capacity - heldBytes)
    guard let running = budget.reserve(helperMemory, holding: heldBytes) else {
      throw .overBudget(
        frame: frameCount, offset: frameStart, width: 0, height: 0,
        needed: helperMemory + heldBytes, budget: budget.capacity)
    }
    defer { running.release() }
    let started = data.withUnsafeBufferPointer {
      qr_spawn_image_helper(
        helper, $0.baseAddress, $0.count, options.maximumPixelCount, helperMemory, &output,
        &errors, &pid)
    }
    guard started == 0 else { throw failed("\(helper) could not be started") }
    defer { close(errors) }
    // A budget of its own: this reader's images are all kept, and the one budget of the
    // process, of which the image's bytes are held already, is not waited on from inside.
    let frames = FrameStreamReader(
      descriptor: FileDescriptor(rawValue: output), name: name, options: options,
      budget: MemoryBudget(capacity: budget.capacity))
    var images: [GrayImage] = []
    var readError: FrameStreamError?
    do {
      while let frame = try frames.next() { images.append(frame.image) }
    } catch {
      readError = error
    }
    close(output)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    if status == 0, readError == nil, !images.isEmpty {
      return PhotoFrames(images: images, format: "HEIF")
    }
    // The helper's message, without its "qrcapture: -: frame 0 at byte 0: " prefix: libheif's
    // own after "HEIF image: ", else the helper's whole (a limit it was held to).
    var text = [UInt8](repeating: 0, count: 1000)
    let count = pread(errors, &text, text.count, 0)
    var line = Array(text.prefix(max(0, count)).prefix { $0 != 0x0A })
    func drop(through marker: String) -> Bool {
      let marker = Array(marker.utf8)
      guard
        let at = (0...max(0, line.count - marker.count)).first(where: {
          line[$0...].starts(with: marker)
        })
      else { return false }
      line.removeFirst(at + marker.count)
      return true
    }
    if drop(through: "HEIF image: ") {
      throw failed(String(decoding: line, as: UTF8.self))
    }
    guard drop(through: " at byte 0: "), !line.isEmpty else {
      if let readError { throw readError }
      throw failed("qrcapture could not decode it")
    }
    throw .helperRefused(
      frame: frameCount, offset: frameStart, message: String(decoding: line, as: UTF8.self))
  }

  /// In qrcapture started as the HEIF helper of a static qrdetect: dies with that process (a
  /// killed qrdetect left the decoding running for up to 2 s). Call first thing; elsewhere it
  /// does nothing. The corresponding C function is `prctl` (`PR_SET_PDEATHSIG`).
  public static func bindImageHelperToParent() {
    _ = qr_bind_to_parent()
  }

  func photoFailure(_ error: PhotoFrames.Failure, format: String) -> FrameStreamError {
    switch error.status {
    case QR_IMAGE_MEMORY:
      return failure(.imageMemory(format: format, limit: options.maximumDecodingMemory))
    case QR_IMAGE_LIBRARY:
      return .missingLibrary(
        frame: frameCount, offset: frameStart, format: format, problem: error.message,
        input: name)
    default:
      return failure(.malformedImage(format: format, detail: error.message.lowercased()))
    }
  }

  // MARK: - Frames

  /// The next frame of `photo`, oriented as a viewer shows it, or nil after its last.
  func nextPhotoFrame(_ photo: PhotoFrames) throws(FrameStreamError) -> DecodedFrame? {
    let found: (width: Int, height: Int, orientation: Int)?
    do throws(PhotoFrames.Failure) {
      found = try photo.next()
    } catch {
      throw photoFailure(error, format: photo.format)
    }
    guard let (width, height, stored) = found else { return nil }
    guard width >= 1, height >= 1 else { throw failure(.zeroSize(width: width, height: height)) }
    // The work cap of one image: a few kilobytes can hold thousands of large frames (pages
    // sharing one strip, an animation's frames drawn on a large canvas), each a full decoding.
    // Sizes from the file (32 bits each): their product and the sum are checked for overflow.
    let (area, tooWide) = width.multipliedReportingOverflow(by: height)
    let (pixels, overflow) = photoWork.pixels.addingReportingOverflow(area)
    guard photoWork.frames < options.maximumFramesPerImage,
      !tooWide, !overflow, pixels <= options.maximumPixelsPerImage || photoWork.frames == 0
    else {
      if photoWork.frames == 0 { try checkLimit(width: width, height: height) }
      throw .workLimit(
        frame: frameCount, offset: frameStart, format: photo.format,
        frameLimit: options.maximumFramesPerImage, pixelLimit: options.maximumPixelsPerImage)
    }
    photoWork = (photoWork.frames + 1, pixels)
    try checkLimit(width: width, height: height)
    // What the decoder takes for this frame alone: an RGBA copy for TIFF, WebP and HEIF (and
    // HEIF's own planes), next to the gray pixels.
    let perPixel = photo.decodesHere ? ["TIFF": 4, "WebP": 4, "HEIF": 6][photo.format] ?? 0 : 0
    try reserveWork(perPixel * width * height, width: width, height: height)
    let image: GrayImage
    do throws(PhotoFrames.Failure) {
      image = try photo.decode(width: width, height: height, orientation: stored)
    } catch {
      throw photoFailure(error, format: photo.format)
    }
    return DecodedFrame(image: Self.oriented(image, exif: photo.orientation ?? stored))
  }

  /// The EXIF orientation in a WebP's `EXIF` chunk, or nil.
  static func webpOrientation(_ data: [UInt8]) -> Int? {
    var at = 12
    while at + 8 <= data.count {
      let type = String(decoding: data[at..<at + 4], as: UTF8.self)
      let length = littleEndian(data, at: at + 4, count: 4)
      let end = at + 8 + length
      guard end <= data.count else { return nil }
      if type == "EXIF" {
        var exif = Array(data[at + 8..<end])
        if exif.starts(with: Array("Exif".utf8) + [0, 0]) { exif.removeFirst(6) }
        return tiffOrientation(exif)
      }
      at = end + length % 2
    }
    return nil
  }
}

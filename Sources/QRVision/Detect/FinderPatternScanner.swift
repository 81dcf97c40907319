// SPDX-License-Identifier: MIT
// Finder pattern candidates from run-length scans, confirmed across and diagonally.

import Glibc
import QRImage

/// Finds finder patterns in a binarized image.
///
/// Rows are scanned for five runs in the ratio 1:1:3:1:1; each hit is confirmed along the
/// column through its stone (which gives the centre's y), again along the row through that
/// centre (which refines x), and along both diagonals, so that text, stripes and noise which
/// happen to match along one line are dropped. The ratio holds along every line through the
/// centre of concentric squares, so the test is rotation invariant.
enum FinderPatternScanner {
  /// A row sequence in proportion, not yet confirmed: the stone's middle and the pattern's
  /// length along row `y`.
  struct RowHit: Equatable {
    var x: Int
    var y: Int
    var total: Int
  }

  /// The finder patterns in `image`, scanning every `rowStep`-th row within `region`
  /// (x, y, width, height in pixels).
  ///
  /// The variant below also collects the row hits of the image with dark and light swapped (a
  /// run sequence is in proportion whatever its colours, so one pass over the runs serves
  /// both), for `patterns(confirming:in:rowStep:)` to confirm once the bits are inverted: the
  /// light-on-dark pass then scans no row again.
  ///
  /// - Complexity: O(*pixels* / `rowStep`) plus a confirmation per candidate.
  static func scan(
    _ image: BinaryImage, rowStep: Int, region: (Int, Int, Int, Int), stones: Bool = false
  ) -> [FinderPattern] {
    var unused: [RowHit] = []
    return scan(
      image, rowStep: rowStep, region: region, stones: stones, collectsInverted: false,
      inverted: &unused)
  }

  /// `scan`, collecting into `inverted` the row hits of the image with dark and light swapped
  /// when `collectsInverted` (and not `stones`).
  ///
  /// `minimumTotal` is the shortest row sequence, in pixels, taken.
  static func scan(
    _ image: BinaryImage, rowStep: Int, region: (Int, Int, Int, Int), stones: Bool,
    collectsInverted: Bool, inverted: inout [RowHit],
    minimumTotal: Int = BinaryImage.shortestFinderTotal
  ) -> [FinderPattern] {
    var merger = Merger(rowStep: rowStep)
    let (left, top, regionWidth, regionHeight) = region
    let right = left + regionWidth
    let step = max(rowStep, 1)
    // One row's hits, in order: the scan of a row collects them (so that its loop keeps its
    // state in registers), then each is confirmed as the row scan would have.
    var rowHits: [RowHit] = []
    // The run lengths of one row, for the finder test of eight closes at a time.
    var lengths = RunLengths(capacity: max(right - left, 0), minimumTotal: minimumTotal)
    var y = top + step / 2
    while y < top + regionHeight {
      merger.startRow(y)
      // (Most rows have none, and emptying an empty array is a call.)
      if !rowHits.isEmpty { rowHits.removeAll(keepingCapacity: true) }
      if !stones && lengths.fitsLanes {
        lengths.scanRow(
          image, y: y, left: left, right: right, collectsInverted: collectsInverted,
          hits: &rowHits, inverted: &inverted)
      } else {
        scanRow(
          image, y: y, left: left, right: right, stones: stones,
          collectsInverted: collectsInverted && !stones, hits: &rowHits, inverted: &inverted,
          minimumTotal: minimumTotal)
      }
      for hit in rowHits {
        if stones {
          guard let pattern = confirmStone(image, x: hit.x, y: y, rowLength: hit.total) else {
            continue
          }
          merger.add(pattern, to: merger.match(pattern), y: y)
        } else {
          guard var pattern = confirm(image, stoneX: hit.x, y: y, rowTotal: hit.total) else {
            continue
          }
          let match = merger.match(pattern)
          if !merger.isAllRound(match) { checkAllRound(image, &pattern, rowTotal: hit.total) }
          merger.add(pattern, to: match, y: y)
        }
      }
      y += step
    }
    return merger.found
  }

  /// The finder patterns that `hits` (as `scan` collected them, in row order) show in `image`:
  /// what `scan` would have found in it.
  static func patterns(confirming hits: [RowHit], in image: BinaryImage, rowStep: Int)
    -> [FinderPattern]
  {
    var merger = Merger(rowStep: rowStep)
    var row = Int.min
    for hit in hits {
      if hit.y != row {
        row = hit.y
        merger.startRow(row)
      }
      guard var pattern = confirm(image, stoneX: hit.x, y: hit.y, rowTotal: hit.total) else {
        continue
      }
      let match = merger.match(pattern)
      if !merger.isAllRound(match) { checkAllRound(image, &pattern, rowTotal: hit.total) }
      merger.add(pattern, to: match, y: hit.y)
    }
    return merger.found
  }

  /// Sightings of one pattern on neighbouring rows made one.
  private struct Merger {
    let step: Int
    var found: [FinderPattern] = []
    // The patterns still within reach of the row scanned (a pattern's sightings span its
    // stone, three modules), and the row each was last seen on: texture makes thousands of
    // patterns, and each sighting is compared with these only.
    var active: [Int] = []
    var lastRow: [Int] = []

    init(rowStep: Int) { step = max(rowStep, 1) }

    /// Forgets the patterns out of reach of row `y`. (Rows with no sighting need not be
    /// started: reach only shrinks as rows go down.)
    mutating func startRow(_ y: Int) {
      guard !active.isEmpty else { return }  // (most rows: removeAll would be a call)
      active.removeAll {
        Double(y - lastRow[$0]) > found[$0].moduleSize * DetectorTuning.patternRowGap + Double(step)
      }
    }

    /// The pattern found already that `pattern` would be folded into.
    func match(_ pattern: FinderPattern) -> Int? {
      active.first { found[$0].isSame(as: pattern) }
    }

    /// Whether the pattern `match` found is confirmed all round: a sighting folded into it
    /// needs no test along the lines in between, the folded pattern is all round whatever they
    /// show.
    func isAllRound(_ match: Int?) -> Bool {
      match.map { found[$0].isConfirmedAllRound } ?? false
    }

    /// Folds `pattern`, seen on row `y`, into the pattern `match(pattern)` found, or keeps it
    /// as a new one.
    mutating func add(_ pattern: FinderPattern, to match: Int?, y: Int) {
      if let index = match {
        found[index].merge(pattern)
        lastRow[index] = y
      } else {
        active.append(found.count)
        found.append(pattern)
        lastRow.append(y)
      }
    }
  }

  /// Appends to `hits` the stone's middle x and the pattern's length for every 1:1:3:1:1 run
  /// sequence on row `y`, in order.
  ///
  /// The row is read 64 pixels at a time as a bit mask (from the image's words, two combined
  /// when `left` is not at a word's start); the set bits of the mask xor itself shifted by one
  /// are where colours change, so the work is per run, not per pixel, with no branch on each
  /// pixel's colour (noise changes colour every other pixel, unpredictably).
  ///
  /// With `stones`, it appends instead every dark run of six pixels or more with a light run of
  /// a third of its length or more on either side, with the run's middle and length (see
  /// `confirmStone`). With `collectsInverted` (not with `stones`), the sequences whose colours
  /// are swapped (light, dark, light, dark, light) are appended to `inverted`.
  static func scanRow(
    _ image: BinaryImage, y: Int, left: Int, right: Int, stones: Bool,
    collectsInverted: Bool, hits: inout [RowHit], inverted: inout [RowHit],
    minimumTotal: Int = BinaryImage.shortestFinderTotal
  ) {
    guard left < right else { return }
    image.words.withUnsafeBufferPointer { words in
      // Unsafe: every load reads a word holding pixels of left..<right of row y, which the
      // caller keeps inside the image.
      // swift-format-ignore: NeverForceUnwrap
      let row = words.baseAddress! + y &* image.wordsPerRow  // the image is never empty
      var isDark = image.isDark(left, y)  // the open run's colour
      let previous: UInt64 = isDark ? 1 : 0
      var runStart = left
      // Each mode closes runs in its own loop (`forEachChange` written out twice), so that
      // neither keeps the other's state in registers.
      if stones {
        var runs = (0, 0, 0)  // the last three runs, oldest first
        forEachChange(row, left: left, right: right, previous: previous) { x in
          runs = (runs.1, runs.2, x &- runStart)
          // Closing a light run after a dark one: light, dark, light. The dark run is six
          // pixels or more with a third of that on either side. (Each term is non-negative
          // exactly when its condition holds: all hold when their OR is, with no branch on
          // the lengths.)
          if !isDark && ((runs.1 &- 6) | (runs.0 &* 3 &- runs.1) | (runs.2 &* 3 &- runs.1)) >= 0 {
            hits.append(RowHit(x: x &- runs.2 &- (runs.1 &+ 1) / 2, y: y, total: runs.1))
          }
          isDark.toggle()
          runStart = x
        }
        return
      }
      // The last five runs, oldest first, and their total, all in sevenths of a pixel (seven
      // times the lengths), as the ratio test takes them.
      var sevenths = (0, 0, 0, 0, 0)
      var total = 0
      forEachChange(row, left: left, right: right, previous: previous) { x in
        let length = (x &- runStart) &* 7
        total = total &+ length &- sevenths.0
        sevenths = (sevenths.1, sevenths.2, sevenths.3, sevenths.4, length)
        // A stone of one pixel is never in proportion (the pattern is seven or more).
        if (isDark || collectsInverted)
          && BinaryImage.isFinderRatio(
            sevenths: sevenths, total: total, minimumStone: 2, minimumTotal: minimumTotal)
        {
          let hit = RowHit(
            x: x &- (sevenths.4 &+ sevenths.3) / 7 &- (sevenths.2 / 7 &+ 1) / 2, y: y,
            total: total / 7)
          if isDark { hits.append(hit) } else { inverted.append(hit) }
        }
        isDark.toggle()
        runStart = x
      }
    }
  }

  /// A row's runs, kept as lengths in sevenths of a pixel, so that the finder test runs on
  /// eight closes at a time in 32-bit lanes.
  ///
  /// The scan of a row first lists where its colour changes (a few instructions each), then
  /// tests every close against the five runs before it, eight at once; only the few closes
  /// that pass are looked at one by one. On noise (a change every other pixel) this is most
  /// of the scan's work. It is exact where the lanes' arithmetic is (`fitsLanes`): the same
  /// hits, in the same order, as `scanRow`.
  struct RunLengths {
    /// Four zeros (the runs before the row), then each run's length times seven.
    private var sevenths: [Int32]
    /// Where each run ends.
    private var ends: [Int32]

    /// Lengths for rows of up to `capacity` pixels, taking sequences of `minimumTotal` pixels
    /// or more.
    init(capacity: Int, minimumTotal: Int = BinaryImage.shortestFinderTotal) {
      sevenths = [Int32](repeating: 0, count: capacity + 16)
      ends = [Int32](repeating: 0, count: capacity + 8)
      fitsLanes = capacity * 7 < 43_690
      self.minimumTotal = Int32(clamping: minimumTotal)
    }

    /// The shortest sequence taken, in pixels.
    let minimumTotal: Int32

    /// Whether a row's total in sevenths stays below 43,690, where the tenth below (a
    /// multiplication and a shift in 32 bits) is exact.
    let fitsLanes: Bool

    /// `FinderPatternScanner.scanRow` without stones.
    mutating func scanRow(
      _ image: BinaryImage, y: Int, left: Int, right: Int, collectsInverted: Bool,
      hits: inout [RowHit], inverted: inout [RowHit]
    ) {
      guard left < right else { return }
      image.words.withUnsafeBufferPointer { words in
        sevenths.withUnsafeMutableBufferPointer { sevenths in
          ends.withUnsafeMutableBufferPointer { ends in
            // Unsafe: a row of n pixels changes colour at most n − 1 times and closes once at
            // its end, so `ends` (n + 8) and `sevenths` (4 zeros, n lengths, 8 lanes past the
            // last) hold every index below; the loads read words holding pixels of
            // left..<right of row y.
            // swift-format-ignore: NeverForceUnwrap
            let row = words.baseAddress! + y &* image.wordsPerRow
            let startsDark = image.isDark(left, y)
            var count = 0
            var start = left
            // swift-format-ignore: NeverForceUnwrap
            let lengths = sevenths.baseAddress! + 4
            FinderPatternScanner.forEachChange(
              row, left: left, right: right, previous: startsDark ? 1 : 0
            ) { x in
              ends[count] = Int32(truncatingIfNeeded: x)
              lengths[count] = Int32(truncatingIfNeeded: (x &- start) &* 7)
              start = x
              count &+= 1
            }
            // Lanes past the last close see zero runs, which fail.
            for i in 0..<8 { lengths[count &+ i] = 0 }
            // swift-format-ignore: NeverForceUnwrap
            let lanes = UnsafeRawPointer(sevenths.baseAddress!)
            @inline(__always) func load(_ index: Int) -> SIMD8<Int32> {
              lanes.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<Int32>.self)
            }
            var k = 0
            while k < count {
              // Closes k ..< k + 8: the runs ending there are lengths[k + 4 − 4 ... k + 4].
              let (r0, r1, r2, r3, r4) = (
                load(k), load(k &+ 1), load(k &+ 2), load(k &+ 3), load(k &+ 4)
              )
              let total = r0 &+ r1 &+ r2 &+ r3 &+ r4
              let terms = Self.terms(r0, r1, r2, r3, r4, total: total, minimum: minimumTotal)
              // Any lane non-negative: its sign bit clear.
              let signs = terms & SIMD8(repeating: Int32.min)
              if signs != SIMD8(repeating: Int32.min) {
                // The window's vectors stored once, then read lane by lane (indexing the
                // vectors themselves stored them again for every lane: on noise two windows in
                // five have a lane that passes). Unsafe: 8 × vector + lane < 40, the lanes of
                // the five vectors.
                let lanes = (terms, r2, r3, r4, total)
                withUnsafeBytes(of: lanes) { bytes in
                  let values = bytes.bindMemory(to: Int32.self)
                  for lane in 0..<8 where values[lane] >= 0 && k &+ lane < count {
                    let close = k &+ lane
                    // The run closing here is dark when the row started dark and an even
                    // number of runs closed before it.
                    let isDark = startsDark == (close & 1 == 0)
                    guard isDark || collectsInverted else { continue }
                    let x = Int(ends[close])
                    let (s2, s3, s4) = (
                      Int(values[8 &+ lane]), Int(values[16 &+ lane]), Int(values[24 &+ lane])
                    )
                    let hit = RowHit(
                      x: x &- (s4 &+ s3) / 7 &- (s2 / 7 &+ 1) / 2, y: y,
                      total: Int(values[32 &+ lane]) / 7)
                    if isDark { hits.append(hit) } else { inverted.append(hit) }
                  }
                }
              }
              k &+= 8
            }
          }
        }
      }
    }

    /// `BinaryImage.isFinderRatio(sevenths:total:minimumStone: 2, minimumTotal:)`'s terms (the
    /// shortest total `minimum`) for eight windows
    /// of five runs: non-negative in a lane exactly when its runs are in proportion. (In 32
    /// bits: 0xB6DB6DB7 is the inverse of 7 modulo 2³², and (t × 52429) >> 19 is t / 10 for
    /// t < 43,690.)
    @inline(__always)
    private static func terms(
      _ r0: SIMD8<Int32>, _ r1: SIMD8<Int32>, _ r2: SIMD8<Int32>, _ r3: SIMD8<Int32>,
      _ r4: SIMD8<Int32>, total: SIMD8<Int32>, minimum: Int32
    ) -> SIMD8<Int32> {
      let pixels = total &* SIMD8(repeating: Int32(bitPattern: 0xB6DB_6DB7))
      let tolerance = (total &* 52_429) &>> 19
      let low = pixels &- tolerance &+ 1
      let high = pixels &+ tolerance &- 1
      let stoneLow = low &+ 2 &* pixels &- tolerance
      let stoneHigh = high &+ 2 &* pixels &+ tolerance
      @inline(__always) func within(
        _ units: SIMD8<Int32>, _ low: SIMD8<Int32>, _ high: SIMD8<Int32>
      )
        -> SIMD8<Int32>
      {
        (units &- low) | (high &- units)
      }
      return (pixels &- SIMD8(repeating: minimum)) | (r2 &- 14) | within(r2, stoneLow, stoneHigh)
        | within(r0, low, high) | within(r1, low, high) | within(r3, low, high)
        | within(r4, low, high)
    }
  }

  /// Calls `close` with the x of every colour change along `left..<right` of `row` (a row's
  /// words, as `BinaryImage` packs them), in order, and finally with `right`, which closes the
  /// last run; `previous` is the colour of the pixel at `left` (1 dark).
  ///
  /// Each step takes the mask of the 64 pixels from x on: the rest of x's word shifted down,
  /// and below it the start of the word holding the step's last pixel shifted up (x moves 64
  /// pixels a step, so its place in its word, the shift, is the same all along the row).
  @inline(__always)
  private static func forEachChange(
    _ row: UnsafePointer<UInt64>, left: Int, right: Int, previous: UInt64, _ close: (Int) -> Void
  ) {
    var previous = previous
    var x = left
    let shift = UInt64(truncatingIfNeeded: left & 63)
    while x < right {
      let count = min(64, right &- x)
      // The word of the step's last pixel: the next when the step crosses into it, else x's
      // own, whose bits shifted up then land past `count` (all of them, shifted by 64, when
      // the shift is 0), where they are ignored. Both words hold pixels of left..<right.
      let last = (x &+ count &- 1) &>> 6
      let mask = row[x &>> 6] &>> shift | (row[last] &<< 1) &<< (63 &- shift)
      var changes = mask ^ ((mask << 1) | previous)
      if count < 64 { changes &= (1 << UInt64(count)) &- 1 }
      previous = (mask >> UInt64(count &- 1)) & 1
      while changes != 0 {
        close(x &+ changes.trailingZeroBitCount)
        changes &= changes &- 1
      }
      x &+= count
    }
    // The row's end closes the last run.
    close(right)
  }

  /// Confirms a row hit in the other directions (along its column, row and diagonals); nil if
  /// it is not a finder pattern. `checkAllRound` tests the lines in between.
  static func confirm(_ image: BinaryImage, stoneX: Int, y: Int, rowTotal: Int) -> FinderPattern? {
    let maxRun = rowTotal * 2
    // The straight walks stop where the pattern would be too long to be comparable.
    guard
      let vertical = image.finderRuns(
        x: stoneX, y: y, dx: 0, dy: 1, maxRun: maxRun, limit: comparableLimit(rowTotal))
    else { return nil }
    let centreY = Double(y) + 0.5 + vertical.centre
    guard isComparable(vertical.total, rowTotal) else { return nil }
    let row = Int(centreY)
    guard
      let horizontal = image.finderRuns(
        x: stoneX, y: row, dx: 1, dy: 0, maxRun: maxRun, limit: comparableLimit(vertical.total)),
      isComparable(horizontal.total, vertical.total)
    else { return nil }
    let centreX = Double(stoneX) + 0.5 + horizontal.centre
    let column = Int(centreX)
    // Small patterns are a few pixels across: one pixel off the centre may miss a diagonal, so
    // the centre's neighbours may stand in.
    let near = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]
    var diagonals: (Int, Int)?
    // Whether a diagonal held where its antidiagonal did not (the antidiagonal is walked only
    // where the diagonal held).
    var diagonalHeld = false
    for (dx, dy) in near {
      guard
        let diagonal = image.finderRuns(
          x: column + dx, y: row + dy, dx: 1, dy: 1, maxRun: maxRun)
      else { continue }
      diagonalHeld = true
      if let antidiagonal = image.finderRuns(
        x: column + dx, y: row + dy, dx: 1, dy: -1, maxRun: maxRun)
      {
        diagonals = (diagonal.total, antidiagonal.total)
        break
      }
    }
    let centre = Point(x: centreX, y: centreY)
    guard let (diagonal, antidiagonal) = diagonals else {
      // A small pattern turned near 45° has rings that are bands of pixel steps a pixel or two
      // wide, which a diagonal walk can step over on one axis. When the other diagonal shows
      // the ratio, the four lines between the straight and diagonal ones decide (as
      // `checkAllRound` tests them).
      let straight = horizontal.total + vertical.total
      guard Double(straight) < 14 * DetectorTuning.thinRingModule,
        Double(straight) >= 14 * DetectorTuning.thinRingSmallest,
        diagonalHeld
          || near.contains(where: { dx, dy in
            image.finderRuns(x: column + dx, y: row + dy, dx: 1, dy: -1, maxRun: maxRun) != nil
          })
      else { return nil }
      var pattern = FinderPattern(centre: centre, moduleSize: Double(straight) / 14)
      pattern.showsDiagonals = false
      checkAllRound(image, &pattern, rowTotal: rowTotal)
      return pattern.isConfirmedAllRound ? pattern : nil
    }
    // Diagonal runs count pixels along the diagonal, each √2 long.
    let diagonalTotal = Double(diagonal + antidiagonal) * 1.4142
    let straightTotal = Double(horizontal.total + vertical.total)
    guard diagonalTotal > straightTotal * DetectorTuning.diagonalRatio.lower,
      diagonalTotal < straightTotal * DetectorTuning.diagonalRatio.upper
    else {
      return nil
    }
    let moduleSize = (straightTotal + diagonalTotal) / 28
    return FinderPattern(centre: centre, moduleSize: moduleSize)
  }

  /// Sets whether `pattern` (as `confirm` found it from a row hit `rowTotal` long) shows the
  /// ratio along the lines between the straight and diagonal ones.
  static func checkAllRound(_ image: BinaryImage, _ pattern: inout FinderPattern, rowTotal: Int) {
    let maxRun = rowTotal * 2
    let (centre, moduleSize) = (pattern.centre, pattern.moduleSize)
    // Four more lines, between the straight and diagonal ones: concentric rings show the ratio
    // along every line through their centre, texture and noise seldom along eight.
    var inBetween = 0
    for direction in inBetweenDirections {
      guard
        let extent = image.finderExtent(through: centre, direction: direction, maxRun: maxRun)
      else { continue }
      let length = Double(extent) / (moduleSize * 7)
      if length > DetectorTuning.inBetweenExtent.lower
        && length < DetectorTuning.inBetweenExtent.upper
      {
        inBetween += 1
      }
    }
    pattern.isConfirmedAllRound = inBetween >= DetectorTuning.inBetweenLines
  }

  /// Confirms a dark run of `rowLength` pixels around (`x`, `y`) as the stone of a finder
  /// pattern drawn without its dark ring (stylised symbols: a dot, with brackets or nothing
  /// around it), or nil.
  ///
  /// The stone must be a blob about as long along its column and both diagonals as along the
  /// row (a square's diagonals are √2 longer, a disc's the same), with light for a quarter of
  /// its length (most of a module) beyond it in all eight directions, where an ordinary finder
  /// pattern has its light ring. The pattern is taken to be 7/3 of the stone across.
  static func confirmStone(_ image: BinaryImage, x: Int, y: Int, rowLength: Int) -> FinderPattern? {
    let limit = rowLength * 2
    // The dark run through (x, y) along (dx, dy): pixels before and after, or nil when longer
    // than `limit` (or than `longest` in all), or not followed by light for a quarter of the
    // expected length. (A run longer than `longest` fails the caller's test anyway.)
    func run(_ x: Int, _ y: Int, _ dx: Int, _ dy: Int, expected: Int, longest: Int) -> (Int, Int)? {
      guard image.isDark(x, y) else { return nil }
      var lengths = (0, 0)
      let margin = max(expected / 4, 1)
      for sign in stride(from: -1, through: 1, by: 2) {
        // At most this many steps before the run is too long (the other side so far counted).
        let most = min(limit, longest &- lengths.0)
        var n = 1
        while image.isDark(x &+ sign &* dx &* n, y &+ sign &* dy &* n) {
          n &+= 1
          if n > most { return nil }
        }
        for m in n..<(n &+ margin) where image.isDark(x &+ sign &* dx &* m, y &+ sign &* dy &* m) {
          return nil
        }
        if sign < 0 { lengths.0 = n &- 1 } else { lengths.1 = n &- 1 }
      }
      return lengths
    }
    // The column may be 10/7 of the row at most.
    guard
      let vertical = run(x, y, 0, 1, expected: rowLength, longest: rowLength * 10 / 7 + 1)
    else { return nil }
    let columnLength = vertical.0 + vertical.1 + 1
    guard columnLength * 10 >= rowLength * 7, columnLength * 7 <= rowLength * 10 else {
      return nil
    }
    let centreY = y + (vertical.1 - vertical.0) / 2
    guard let horizontal = run(x, centreY, 1, 0, expected: rowLength, longest: .max) else {
      return nil
    }
    let centreX = x + (horizontal.1 - horizontal.0) / 2
    let across = Double(horizontal.0 + horizontal.1 + 1 + columnLength) / 2
    var diagonal = 0.0
    for dy in stride(from: 1, through: -1, by: -2) {
      guard let d = run(centreX, centreY, 1, dy, expected: Int(across), longest: .max) else {
        return nil
      }
      let length = Double(d.0 + d.1 + 1) * 1.4142
      guard length >= across * DetectorTuning.stoneDiagonal.lower,
        length <= across * DetectorTuning.stoneDiagonal.upper
      else { return nil }
      diagonal += length
    }
    let stone = (across + diagonal / 2 / 1.2) / 2
    var pattern = FinderPattern(
      centre: Point(x: Double(centreX) + 0.5, y: Double(centreY) + 0.5), moduleSize: stone / 3)
    pattern.isConfirmedAllRound = true
    return pattern
  }

  /// Unit vectors at 22.5°, 67.5°, 112.5° and 157.5°.
  private static let inBetweenDirections = [22.5, 67.5, 112.5, 157.5].map { degrees in
    let radians = degrees * Double.pi / 180
    return Point(x: cos(radians), y: sin(radians))
  }

  /// Whether two pattern lengths could belong to one pattern seen under perspective.
  private static func isComparable(_ a: Int, _ b: Int) -> Bool {
    a * 5 > b * 2 && b * 5 > a * 2
  }

  /// The shortest length not comparable with `length` for being too long: `isComparable(a,
  /// length)` fails for every `a` from it on (`a * 2 >= length * 5`).
  private static func comparableLimit(_ length: Int) -> Int {
    (length * 5 + 1) / 2
  }
}

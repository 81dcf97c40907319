// SPDX-License-Identifier: MIT
// Large QR Code symbols sampled piecewise, cell by cell between their alignment patterns.

import QRCodec
import QRImage

extension QRLocator {
  /// The modules of `version` sampled through a transform of their own cell of the alignment
  /// pattern grid, for symbols on a curved page that no single homography fits; nil when the
  /// version has fewer than 3 × 3 alignment positions or too few patterns were found.
  ///
  /// Alignment patterns sit on a grid of module coordinates (ISO/IEC 18004:2015, 6.3.6 and
  /// Annex E); the finder patterns take three of its corners. Each pattern is searched for
  /// near where it is predicted, in row order: on the first row and column by `transform`,
  /// elsewhere by the affine map through its three neighbours above and to the left (so the
  /// prediction follows the curve). A pattern the threshold shows is confirmed on `gray` (a
  /// data blob the threshold shaped like one is not); one it does not show is looked for on
  /// `gray` alone. Positions missed are then predicted again from the neighbours found around
  /// them, in sweeps, so the grid fills in from where it reads well; the prediction stands in
  /// where nothing is found. Each cell between four neighbouring positions then gets the
  /// homography through their centres; modules beyond the outer positions use the nearest
  /// cell's.
  ///
  /// - Complexity: O(*n*² × *module*²) for *n* × *n* alignment positions, plus O(*size*²) for
  ///   the sampling.
  static func samplePiecewise(
    _ image: BinaryImage, gray: GrayView?, _ transform: PerspectiveTransform, version: Version,
    moduleSize: Double
  ) -> (BitMatrix, BitMatrix, [Point])? {
    let centres = version.alignmentPatternCentres
    let n = centres.count
    guard n >= 3 else { return nil }
    let size = version.size
    func coordinate(_ index: Int) -> Double { Double(centres[index]) + 0.5 }
    // The module coordinates of each position: the finder patterns' centres at three corners.
    var anchors = [Point](repeating: Point(x: 0, y: 0), count: n * n)
    for j in 0..<n {
      for i in 0..<n { anchors[j * n + i] = Point(x: coordinate(i), y: coordinate(j)) }
    }
    let far = Double(size) - 3.5
    anchors[0] = Point(x: 3.5, y: 3.5)
    anchors[n - 1] = Point(x: far, y: 3.5)
    anchors[(n - 1) * n] = Point(x: 3.5, y: far)
    var points = [Point](repeating: Point(x: 0, y: 0), count: n * n)
    var isFound = [Bool](repeating: false, count: n * n)
    func isFinder(_ index: Int) -> Bool { index == 0 || index == n - 1 || index == (n - 1) * n }
    // A pattern searched for near `predicted`, where `local` maps module coordinates to pixels
    // about right: found by the threshold and, when the gray image is there, confirmed (and
    // centred) on its gray levels, which tell a pattern from a data blob that a threshold
    // shaped like one; else looked for on the gray levels alone, which show patterns a
    // threshold spoils (two pixels a module, blur).
    func search(_ index: Int, near predicted: Point, local: PerspectiveTransform, radius: Double)
      -> Point?
    {
      let hit = AlignmentPatternSearch.find(
        image, near: predicted, radius: moduleSize * radius, moduleSize: moduleSize)
      guard let gray else { return hit }
      let target = anchors[index]
      if let hit,
        let confirmed = AlignmentPatternSearch.findInGray(
          gray, target: target, near: hit, local: local,
          radius: DetectorTuning.piecewiseConfirmRadius)
      {
        return confirmed
      }
      return AlignmentPatternSearch.findInGray(
        gray, target: target, near: predicted, local: local,
        radius: min(radius, DetectorTuning.piecewiseNeighbourRadius))
    }
    // The affine map taking the anchors of three positions to their points.
    func affine(_ corner: (Int, Int, Int)) -> PerspectiveTransform? {
      PerspectiveTransform(
        affineFrom: (anchors[corner.0], anchors[corner.1], anchors[corner.2]),
        to: (points[corner.0], points[corner.1], points[corner.2]))
    }
    // The affine map through three neighbours of position (i, j) found (or placed) already,
    // one step (di, dj) away along either axis and diagonally.
    func neighbours(_ i: Int, _ j: Int, _ di: Int, _ dj: Int, found: Bool) -> PerspectiveTransform?
    {
      let (ni, nj) = (i + di, j + dj)
      guard ni >= 0, nj >= 0, ni < n, nj < n else { return nil }
      let corner = (nj * n + ni, nj * n + i, j * n + ni)
      guard !found || (isFound[corner.0] && isFound[corner.1] && isFound[corner.2]) else {
        return nil
      }
      return affine(corner)
    }
    // The affine maps through the found neighbours of (i, j) on either side of it along a row
    // (or a column) and a found position next to one of them: exact between the two.
    func between(_ i: Int, _ j: Int) -> [PerspectiveTransform] {
      var maps: [PerspectiveTransform] = []
      for (di, dj) in [(1, 0), (0, 1)] {
        let (before, after) = ((i - di, j - dj), (i + di, j + dj))
        guard min(before.0, before.1) >= 0, max(after.0, after.1) < n,
          isFound[before.1 * n + before.0], isFound[after.1 * n + after.0]
        else { continue }
        // Beside `before`, across the line.
        for side in [-1, 1] {
          let (x, y) = (before.0 + dj * side, before.1 + di * side)
          guard x >= 0, y >= 0, x < n, y < n, isFound[y * n + x] else { continue }
          if let map = affine((before.1 * n + before.0, after.1 * n + after.0, y * n + x)) {
            maps.append(map)
            break
          }
        }
      }
      return maps
    }
    // First in row order: on the first row and column predicted by `transform`, elsewhere by
    // the neighbours above and to the left (so the prediction follows the curve).
    for j in 0..<n {
      for i in 0..<n {
        let index = j * n + i
        let target = anchors[index]
        var predicted = transform.apply(target)
        var local = transform
        var radius = DetectorTuning.piecewiseRadius
        if i > 0, j > 0, let map = neighbours(i, j, -1, -1, found: false) {
          predicted = map.apply(target)
          local = map
          radius = DetectorTuning.piecewiseNeighbourRadius
        }
        isFound[index] = isFinder(index)
        if !isFinder(index),
          let hit = search(index, near: predicted, local: local, radius: radius)
        {
          predicted = hit
          isFound[index] = true
        }
        points[index] = predicted
      }
    }
    // Then the positions missed, where the curve left those predictions behind: predicted
    // again from the neighbours found in any quadrant, so the grid fills in from where it
    // reads well, in sweeps while they find more; the mean prediction stands in for the rest.
    for _ in 0..<DetectorTuning.piecewiseSweeps {
      var added = false
      var guesses: [(Int, Point)] = []
      for index in 0..<(n * n) where !isFound[index] {
        let (i, j) = (index % n, index / n)
        var maps = [(-1, -1), (1, -1), (-1, 1), (1, 1)].compactMap {
          neighbours(i, j, $0.0, $0.1, found: true)
        }
        // A whole row or column of positions may be missed (where a page bows most): then its
        // found neighbours on either side, and one more beside them.
        if maps.isEmpty { maps = between(i, j) }
        guard let first = maps.first else { continue }
        let sum = maps.reduce(Point(x: 0, y: 0)) { $0 + $1.apply(anchors[index]) }
        let predicted = sum * (1 / Double(maps.count))
        if let hit = search(
          index, near: predicted, local: first, radius: DetectorTuning.piecewiseNeighbourRadius)
        {
          points[index] = hit
          isFound[index] = true
          added = true
        } else {
          guesses.append((index, predicted))
        }
      }
      if !added {
        for (index, guess) in guesses { points[index] = guess }
        break
      }
    }
    let found = isFound.indices.filter { isFound[$0] && !isFinder($0) }.count
    // Mostly guesses would only repeat the global transform's reading.
    guard found * 2 >= n * n - 3 else { return nil }
    var cells: [PerspectiveTransform] = []
    cells.reserveCapacity((n - 1) * (n - 1))
    for j in 0..<(n - 1) {
      for i in 0..<(n - 1) {
        let from = (
          anchors[j * n + i], anchors[j * n + i + 1], anchors[(j + 1) * n + i + 1],
          anchors[(j + 1) * n + i]
        )
        let to = (
          points[j * n + i], points[j * n + i + 1], points[(j + 1) * n + i + 1],
          points[(j + 1) * n + i]
        )
        guard let cell = PerspectiveTransform(from: from, to: to) else { return nil }
        cells.append(cell)
      }
    }
    // The cell index along either axis of each module row or column.
    var cellOf = [Int](repeating: 0, count: size)
    var index = 0
    for module in 0..<size {
      while index < n - 2 && module >= centres[index + 1] { index += 1 }
      cellOf[module] = index
    }
    let (matrix, unreliable) = cellOf.withUnsafeBufferPointer { cellOf in
      cells.withUnsafeBufferPointer { cells in
        // Unsafe, measured (five points a module of a version 25–40 symbol): the module is
        // clamped into 0..<size, and cellOf's entries into 0..<n − 1.
        GridSampler.sample(image, size: size) { x, y in
          let column = cellOf[min(max(Int(x), 0), size &- 1)]
          let row = cellOf[min(max(Int(y), 0), size &- 1)]
          return cells[row &* (n &- 1) &+ column].apply(x: x, y: y)
        }
      }
    }
    let last = n - 1
    let corners = [
      cells[0].apply(x: 0, y: 0), cells[last - 1].apply(x: Double(size), y: 0),
      cells[(n - 1) * (n - 1) - 1].apply(x: Double(size), y: Double(size)),
      cells[(last - 1) * (n - 1)].apply(x: 0, y: Double(size)),
    ]
    return (matrix, unreliable, corners)
  }
}

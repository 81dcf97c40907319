// SPDX-License-Identifier: MIT
// Large QR Code symbols sampled piecewise, cell by cell between their alignment patterns.

import QRCodec

extension QRLocator {
  /// The modules of `version` sampled through a transform of their own cell of the alignment
  /// pattern grid, for symbols on a curved page that no single homography fits; nil when the
  /// version has fewer than 3 × 3 alignment positions or too few patterns were found.
  ///
  /// Alignment patterns sit on a grid of module coordinates (ISO/IEC 18004:2015, 6.3.6 and
  /// Annex E); the finder patterns take three of its corners. Each pattern is searched for
  /// near where it is predicted, in row order: on the first row and column by `transform`,
  /// elsewhere by the affine map through its three neighbours above and to the left (so the
  /// prediction follows the curve), and where none is found the prediction stands in for it.
  /// Each cell between four neighbouring positions then gets the homography through their
  /// centres; modules beyond the outer positions use the nearest cell's.
  ///
  /// - Complexity: O(*n*² × *module*²) for *n* × *n* alignment positions, plus O(*size*²) for
  ///   the sampling.
  static func samplePiecewise(
    _ image: BinaryImage, _ transform: PerspectiveTransform, version: Version,
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
    var found = 0
    for j in 0..<n {
      for i in 0..<n {
        let target = anchors[j * n + i]
        var predicted = transform.apply(target)
        var radius = 3.5
        if i > 0, j > 0,
          let local = PerspectiveTransform(
            affineFrom: [
              anchors[(j - 1) * n + i - 1], anchors[(j - 1) * n + i], anchors[j * n + i - 1],
            ],
            to: [points[(j - 1) * n + i - 1], points[(j - 1) * n + i], points[j * n + i - 1]])
        {
          predicted = local.apply(target)
          radius = 2.5
        }
        let isFinder = (i == 0 || j == 0) && (i + j == 0 || i + j == n - 1)
        if !isFinder,
          let hit = AlignmentPatternSearch.find(
            image, near: predicted, radius: moduleSize * radius, moduleSize: moduleSize)
        {
          predicted = hit
          found += 1
        }
        points[j * n + i] = predicted
      }
    }
    // A data blob taken for a pattern, or a pattern missed, stands out from its neighbours:
    // each position is predicted again from the affine maps through its neighbours in the
    // four quadrants, and searched for closer when it strays.
    let first = points
    for j in 0..<n {
      for i in 0..<n {
        let isFinder = (i == 0 || j == 0) && (i + j == 0 || i + j == n - 1)
        guard !isFinder else { continue }
        let target = anchors[j * n + i]
        var sum = Point(x: 0, y: 0)
        var count = 0.0
        for (di, dj) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
          let (ni, nj) = (i + di, j + dj)
          guard ni >= 0, nj >= 0, ni < n, nj < n,
            let local = PerspectiveTransform(
              affineFrom: [anchors[nj * n + ni], anchors[nj * n + i], anchors[j * n + ni]],
              to: [first[nj * n + ni], first[nj * n + i], first[j * n + ni]])
          else { continue }
          sum = sum + local.apply(target)
          count += 1
        }
        guard count > 0 else { continue }
        let predicted = sum * (1 / count)
        guard first[j * n + i].distance(to: predicted) > moduleSize * 1.5 else { continue }
        points[j * n + i] =
          AlignmentPatternSearch.find(
            image, near: predicted, radius: moduleSize * 1.5, moduleSize: moduleSize)
          ?? predicted
      }
    }
    // Mostly guesses would only repeat the global transform's reading.
    guard found * 2 >= n * n - 3 else { return nil }
    var cells: [PerspectiveTransform] = []
    cells.reserveCapacity((n - 1) * (n - 1))
    for j in 0..<(n - 1) {
      for i in 0..<(n - 1) {
        let from = [
          anchors[j * n + i], anchors[j * n + i + 1], anchors[(j + 1) * n + i + 1],
          anchors[(j + 1) * n + i],
        ]
        let to = [
          points[j * n + i], points[j * n + i + 1], points[(j + 1) * n + i + 1],
          points[(j + 1) * n + i],
        ]
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
    let (matrix, unreliable) = GridSampler.sample(image, size: size) { x, y in
      let column = cellOf[min(max(Int(x), 0), size - 1)]
      let row = cellOf[min(max(Int(y), 0), size - 1)]
      return cells[row * (n - 1) + column].apply(x: x, y: y)
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

// SPDX-License-Identifier: MIT

import Testing

@testable import QRCodec

@Test(arguments: Version.all, ErrorCorrectionLevel.allCases)
func blocksSumToTheVersionsCodewords(version: Version, level: ErrorCorrectionLevel) {
  let blocks = BlockStructure(version, level)
  #expect(
    blocks.dataCodewordCount + blocks.errorCorrectionCodewordCount
      == version.totalCodewordCount)
  #expect(blocks.groups.count <= 2)
  if blocks.groups.count == 2 {
    #expect(blocks.groups[1].dataCodewordsPerBlock == blocks.groups[0].dataCodewordsPerBlock + 1)
  }
}

/// ISO/IEC 18004:2015, Table 9, spot checks (total codewords, data codewords, blocks).
@Test func blockStructureSpotChecks() throws {
  let v1 = try #require(Version(1))
  #expect(v1.totalCodewordCount == 26)
  #expect(BlockStructure(v1, .medium).dataCodewordCount == 16)
  let v5q = BlockStructure(try #require(Version(5)), .quartile)
  #expect(v5q.errorCorrectionCodewordsPerBlock == 18)
  #expect(
    v5q.groups == [
      .init(blockCount: 2, dataCodewordsPerBlock: 15),
      .init(blockCount: 2, dataCodewordsPerBlock: 16),
    ])
  let v40 = try #require(Version(40))
  #expect(v40.totalCodewordCount == 3706)
  #expect(BlockStructure(v40, .low).dataCodewordCount == 2956)
  #expect(
    BlockStructure(v40, .high).groups == [
      .init(blockCount: 20, dataCodewordsPerBlock: 15),
      .init(blockCount: 61, dataCodewordsPerBlock: 16),
    ])
}

@Test func microBlockStructure() {
  let expected: [(MicroVersion, ErrorCorrectionLevel, data: Int, bits: Int)] = [
    (.m1, .low, 3, 20), (.m2, .low, 5, 40), (.m2, .medium, 4, 32), (.m3, .low, 11, 84),
    (.m3, .medium, 9, 68), (.m4, .low, 16, 128), (.m4, .medium, 14, 112), (.m4, .quartile, 10, 80),
  ]
  for (version, level, data, bits) in expected {
    let blocks = BlockStructure(version, level)
    #expect(blocks?.dataCodewordCount == data, "\(version)-\(level)")
    #expect(blocks?.dataBitCapacity == bits, "\(version)-\(level)")
  }
  #expect(BlockStructure(.m1, .medium) == nil)
  #expect(BlockStructure(.m4, .high) == nil)
  #expect(MicroVersion.allCases.map(\.totalCodewordCount) == [5, 10, 17, 24])
}

@Test(.enabled(if: Oracle.isAvailable, Oracle.unavailableReason))
func blockStructureMatchesSegno() throws {
  let lines = try Oracle.run(
    """
    from segno import consts as c
    levels = [c.ERROR_LEVEL_L, c.ERROR_LEVEL_M, c.ERROR_LEVEL_Q, c.ERROR_LEVEL_H]
    for v in range(1, 41):
        for i, l in enumerate(levels):
            print(v, i, ' '.join('%d,%d,%d' % (e.num_blocks, e.num_total, e.num_data) for e in c.ECC[v][l]))
    """, input: "")
  #expect(lines.count == 160)
  for line in lines {
    let fields = line.split(separator: " ")
    guard let version = Version(Int(fields[0]) ?? 0),
      let level = ErrorCorrectionLevel(rawValue: Int(fields[1]) ?? -1)
    else {
      Issue.record("bad line \(line)")
      continue
    }
    let blocks = BlockStructure(version, level)
    let groups = fields.dropFirst(2).map { $0.split(separator: ",").compactMap { Int($0) } }
    #expect(groups.map { $0[0] } == blocks.groups.map(\.blockCount), "\(version)-\(level)")
    #expect(
      groups.map { $0[2] } == blocks.groups.map(\.dataCodewordsPerBlock), "\(version)-\(level)")
    #expect(groups.allSatisfy { $0[1] - $0[2] == blocks.errorCorrectionCodewordsPerBlock })
  }
}

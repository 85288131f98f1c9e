import ListDiff
import TestSupport
import Testing

/// The module's one binary search, against a linear scan.
@Suite("lowerBound(of:)")
struct LowerBoundTests {
  @Test func matchesALinearScanOnSortedArraysWithRepeats() {
    for seed in 0..<UInt64(3_000) {
      var generator = SeededGenerator(seed: 0x10B &+ seed)
      let values = (0..<Int.random(in: 0...20, using: &generator))
        .map { _ in Int.random(in: 0..<10, using: &generator) }.sorted()
      for probe in -1...10 {
        let expected = values.firstIndex { $0 >= probe } ?? values.endIndex
        #expect(values.lowerBound(of: probe) == expected, "seed \(seed) values \(values) probe \(probe)")
      }
    }
  }

  @Test func worksOnSlicesWithTheirOwnIndexes() {
    let values = [1, 3, 3, 5, 7, 9]
    let slice = values[2...4]
    #expect(slice.lowerBound(of: 3) == 2)
    #expect(slice.lowerBound(of: 4) == 3)
    #expect(slice.lowerBound(of: 10) == slice.endIndex)
    #expect(slice.lowerBound(of: 0) == slice.startIndex)
  }
}

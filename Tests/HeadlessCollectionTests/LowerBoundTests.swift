import HeadlessCollection
import TestSupport
import Testing

/// The module's one binary search, against a linear scan.
@Suite struct LowerBoundTests {
  @Test func matchesALinearScanOnSortedArrays() {
    for seed in UInt64(0)..<3_000 {
      var generator = SeededGenerator(seed: seed)
      let values = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
        Int.random(in: -5...20, using: &generator)
      }.sorted()
      let start = Int.random(in: 0...values.count, using: &generator)
      let end = Int.random(in: start...values.count, using: &generator)
      let sought = Int.random(in: -7...22, using: &generator)
      let expected = (start..<end).first { values[$0] >= sought } ?? end
      var calls = 0
      let found = lowerBound(in: start..<end) {
        calls += 1
        #expect((start..<end).contains($0), "seed \(seed): probed \($0) outside \(start)..<\(end)")
        return values[$0] < sought
      }
      #expect(found == expected, "seed \(seed): \(values) \(start)..<\(end) seeking \(sought)")
      // At most ⌈log₂(m + 1)⌉ probes for m positions.
      var bound = 0
      while (1 << bound) < end - start + 1 { bound += 1 }
      #expect(calls <= bound, "seed \(seed): \(calls) probes for \(end - start) positions")
    }
  }

  @Test func edgesOfTheRange() {
    #expect(lowerBound(in: 0..<0) { _ in true } == 0)
    #expect(lowerBound(in: 3..<3) { _ in Issue.record("probed an empty range"); return true } == 3)
    #expect(lowerBound(in: 2..<9) { _ in true } == 9)
    #expect(lowerBound(in: 2..<9) { _ in false } == 2)
    // No overflow halfway between large bounds.
    #expect(lowerBound(in: (Int.max - 10)..<Int.max) { $0 < Int.max - 3 } == Int.max - 3)
  }
}

import TestSupport
import Testing

/// The shared generator every randomized test and the benchmark draw from.
/// Its sequence is pinned: fixed seeds all over the package were chosen
/// against it, so a change to it would silently change what they test.
@Suite("SeededGenerator")
struct SeededGeneratorTests {
  /// SplitMix64's increment: the state after n draws is `seed + n · gamma`.
  static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// Published SplitMix64 outputs (Vigna's reference `splitmix64.c`).
  @Test func matchesTheReferenceSequence() {
    var fromZero = SeededGenerator(seed: 0)
    #expect(
      (0..<5).map { _ in fromZero.next() } == [
        0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
        0xF88B_B8A8_724C_81EC, 0x1B39_896A_51A8_749B,
      ])
    var fromSeed = SeededGenerator(seed: 1_234_567)
    #expect(
      (0..<5).map { _ in fromSeed.next() } == [
        6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
        4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
      ])
  }

  /// The k-th draw depends on the seed and k alone: a generator seeded k
  /// increments further on starts where the first one is after k draws.
  @Test func drawsFollowTheStateAlone() {
    var seeds = SeededGenerator(seed: 0x5EED)
    for _ in 0..<5_000 {
      let seed = seeds.next()
      var generator = SeededGenerator(seed: seed)
      for k in 0..<UInt64(8) {
        var shifted = SeededGenerator(seed: seed &+ k &* Self.gamma)
        let expected = shifted.next()
        let actual = generator.next()
        #expect(actual == expected, "seed \(seed) draw \(k)")
        if actual != expected { return }
      }
    }
  }

  /// The mix is a bijection, so distinct seeds never share a first draw.
  @Test func distinctSeedsGiveDistinctFirstDraws() {
    var seeds = SeededGenerator(seed: 0x5EED)
    var seen: Set<UInt64> = []
    var firstDraws: Set<UInt64> = []
    for _ in 0..<50_000 {
      let seed = seeds.next()
      // Neighbouring seeds as well as scattered ones.
      for candidate in [seed, seed &+ 1] where seen.insert(candidate).inserted {
        var generator = SeededGenerator(seed: candidate)
        let draw = generator.next()
        #expect(firstDraws.insert(draw).inserted, "seed \(candidate)")
      }
    }
  }

  /// A gross check that the bits are balanced: a broken mix (a lost shift,
  /// an even multiplier) skews them far past this bound. Deterministic, as
  /// the seeds are fixed; the bound is about ten standard deviations.
  @Test(arguments: [UInt64(0), 1, 0xFFFF_FFFF_FFFF_FFFF, 0xC0FFEE])
  func bitsAreBalanced(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let draws = 10_000
    var ones = 0
    var perBit = [Int](repeating: 0, count: 64)
    for _ in 0..<draws {
      let value = generator.next()
      ones += value.nonzeroBitCount
      for bit in 0..<64 where value & (1 << UInt64(bit)) != 0 { perBit[bit] += 1 }
    }
    #expect(abs(ones - draws * 32) < 4_000, "seed \(seed): \(ones) ones in \(draws * 64) bits")
    // Each bit position: mean 5,000, standard deviation 50.
    for (bit, count) in perBit.enumerated() {
      #expect(abs(count - draws / 2) < 500, "seed \(seed): bit \(bit) set \(count) times of \(draws)")
    }
  }

  /// `Int.random(in:using:)` and the other standard-library draws are built
  /// from `next()`, so the fixed seeds in the package pin them too. The
  /// expected values come from the reference outputs of seed 0 above, not
  /// from running this code: the standard library maps a draw r into
  /// `0..<n` by Lemire's multiply-shift, ⌊r · n / 2⁶⁴⌋ (none of these five
  /// draws falls in its rejection zone), and returns a full-range `UInt64`
  /// draw as it is.
  @Test func standardLibraryDrawsFollowTheReferenceSequence() {
    var bounded = SeededGenerator(seed: 0)
    #expect((0..<5).map { _ in Int.random(in: 0..<1_000, using: &bounded) } == [883, 431, 26, 970, 106])
    var shifted = SeededGenerator(seed: 0)
    #expect((0..<5).map { _ in Int.random(in: -500..<500, using: &shifted) } == [383, -69, -474, 470, -394])
    var full = SeededGenerator(seed: 0)
    #expect(
      (0..<2).map { _ in UInt64.random(in: .min ... .max, using: &full) } == [
        0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4,
      ])
  }
}

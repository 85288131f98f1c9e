import TestSupport
import Testing

/// This target's generator keeps the sequence its old private copy drew, so
/// that the fixed seeds of its randomized tests still draw the same cases.
@Suite struct SeededGeneratorVariantTests {
  /// The first draws of the old copy, recorded before it was replaced.
  @Test func keepsTheSequenceTheseTestsWereWrittenAgainst() {
    var fromCrashTestSeed = SeededGenerator.toDoTests(seed: 0xC0FFEE)
    #expect(
      (0..<5).map { _ in fromCrashTestSeed.next() } == [
        0xB7E8_3E83_1D8B_3D66, 0x0990_7DDE_0BC4_605B, 0x382D_2F18_D78E_16C3,
        0x7507_B66F_CE53_6F94, 0xF127_D8B5_4C20_CCB8,
      ])
    var fromZero = SeededGenerator.toDoTests(seed: 0)
    #expect(
      (0..<5).map { _ in fromZero.next() } == [
        0xC6A7_54AC_EDC4_8A4B, 0xFA3F_05E6_F9B4_5990, 0x91E1_D476_74B4_3A8F,
        0xBE50_3B10_6540_1887, 0xA80E_236D_CE78_1F11,
      ])
  }

  /// It is not plain SplitMix64: every seed tried starts elsewhere.
  @Test func differsFromPlainSplitMix64() {
    var seeds = SeededGenerator(seed: 0x70D0)
    for _ in 0..<5_000 {
      let seed = seeds.next()
      var variant = SeededGenerator.toDoTests(seed: seed)
      var plain = SeededGenerator(seed: seed)
      #expect(variant.next() != plain.next(), "seed \(seed)")
    }
  }
}

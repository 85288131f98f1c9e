/// A small, fast, seedable random number generator: SplitMix64 (Steele, Lea
/// and Flood, "Fast splittable pseudorandom number generators", 2014, with
/// Stafford's "Mix13" finalizer, as in Java's `SplittableRandom`).
///
/// Its whole state is one `UInt64` that starts as the seed, so a randomized
/// test or benchmark that prints its seed can be replayed exactly: the same
/// seed gives the same sequence on every platform, toolchain and run. Use it
/// wherever the standard library's `SystemRandomNumberGenerator` would make a
/// failure impossible to reproduce:
///
///     var generator = SeededGenerator(seed: seed)
///     let count = Int.random(in: 0..<100, using: &generator)
///
/// It is not cryptographically secure.
///
/// Every test target and the benchmark share this one definition; its output
/// sequence is part of its contract, because fixed seeds in those targets
/// were chosen against it. Do not change the constants.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  /// Advanced by the golden-ratio increment on every draw; the output is a
  /// bijective mix of it, so no two states in one period give one output.
  @usableFromInline
  internal var state: UInt64

  /// A generator whose sequence is SplitMix64's from `seed`.
  ///
  /// Every seed, zero included, is valid.
  ///
  /// Complexity: O(1).
  @inlinable
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits; advances the generator.
  ///
  /// The standard library builds every other draw (`Int.random(in:using:)`,
  /// `shuffled(using:)`, ...) from this, so those are reproducible too.
  ///
  /// Complexity: O(1).
  @inlinable
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

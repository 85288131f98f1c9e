extension RandomNumberGenerator {
  /// `true` with probability `probability`, for the generators' coin flips.
  ///
  /// Complexity: O(1); draws one `Double`.
  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }
}

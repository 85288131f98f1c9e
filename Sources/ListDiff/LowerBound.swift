extension RandomAccessCollection {
  /// The first index whose element is not ordered before `value`: where
  /// `value` sits, or would be inserted, in this collection sorted ascending
  /// by `<`. `endIndex` when every element is smaller.
  ///
  /// The collection must be sorted ascending; the answer is unspecified
  /// otherwise.
  ///
  /// - Complexity: O(log *n*) comparisons.
  @inlinable
  package func lowerBound(of value: Element) -> Index where Element: Comparable {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if self[middle] < value {
        low = index(after: middle)
        count -= half + 1
      } else {
        count = half
      }
    }
    return low
  }
}

extension Array where Element: Comparable {
  /// The first index whose element is greater than `value`, in an array
  /// sorted ascending; `count` when there is none. The one binary search of
  /// the module: every ordered lookup goes through it.
  ///
  /// - Complexity: O(log *n*).
  func upperBound(of value: Element) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if self[middle] <= value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }
}

/// The first position in `range` at which `isBelow` is false, or
/// `range.upperBound` if there is none; `isBelow` must be true for a prefix
/// of `range` and false after it (a partitioned predicate, as "the element
/// at this position is below the value sought" is for sorted storage).
///
/// The one binary search of this module: every sorted lookup (mounted cells,
/// block starts, line origins, sections, batch indexes) goes through it, so
/// that its bounds are written — and tested — once.
///
/// - Complexity: O(log *m*) calls of `isBelow` for *m* positions.
@inline(__always)
package func lowerBound(in range: Range<Int>, isBelow: (Int) -> Bool) -> Int {
  var low = range.lowerBound
  var high = range.upperBound
  while low < high {
    let mid = low + (high - low) / 2
    if isBelow(mid) { low = mid + 1 } else { high = mid }
  }
  return low
}

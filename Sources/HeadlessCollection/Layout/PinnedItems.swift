import Foundation

/// The blocks of items pinned to the leading edge (see ``PinnedItemRange``),
/// where the last layout pass drew their items, and the blocks reported as
/// too long to pin.
///
/// A batch does not remap it: the ranges are the data source's, which sets
/// them anew for the items after each change it makes, and the frames are
/// worked out again by every pass before anything reads them.
///
/// Invariants:
/// - the ranges ascend by the first item of their header block, so that
///   enclosing sections come before the sections they contain (the layout
///   stacks nested blocks in that order);
/// - a block reported too long to pin starts the header block of one of the
///   ranges: the reports are forgotten whenever the ranges change, so that
///   each block is reported once while the ranges stay the same.
struct PinnedItems {
  /// The pinned blocks, sorted by header.
  private(set) var ranges: [PinnedItemRange] = []
  /// Where the last layout pass drew pinned items, by global index.
  private(set) var frames: [Int: CGRect] = [:]
  /// The first items of the header blocks reported as too long to pin.
  private(set) var reportedTooLong: Set<Int> = []

  /// Sets the ranges, sorted, and forgets the blocks reported; returns
  /// whether they changed (the same ranges, in whatever order they were
  /// last given, change nothing).
  ///
  /// - Complexity: O(*p* log *p*) for *p* ranges.
  mutating func setRanges(_ newRanges: [PinnedItemRange]) -> Bool {
    guard newRanges != ranges else { return false }
    ranges = newRanges
    ranges.sort { $0.header.lowerBound < $1.header.lowerBound }
    reportedTooLong = []
    return true
  }

  /// Records where the pass draws pinned items for the current bounds.
  ///
  /// - Complexity: O(*k*) for *k* pinned items.
  mutating func record(_ pinned: [(index: Int, frame: CGRect)]) {
    var frames: [Int: CGRect] = [:]
    for (index, frame) in pinned { frames[index] = frame }
    self.frames = frames
  }

  /// Forgets the pinned frames: no range is set.
  ///
  /// - Complexity: O(*k*) for *k* pinned items.
  mutating func clearFrames() { frames = [:] }

  /// Notes that the block whose header starts at item `header` is too long
  /// to pin, and says whether it is new since the ranges were set, that is,
  /// whether to report it.
  ///
  /// - Complexity: O(1) expected.
  mutating func noteTooLong(header: Int) -> Bool {
    reportedTooLong.insert(header).inserted
  }
}

extension PinnedItems {
  /// The rules written on the type.
  ///
  /// - Complexity: O(*p* + *r*) for *p* ranges and *r* blocks reported.
  func invariantViolations() -> [InvariantViolation] {
    var check = InvariantChecker("PinnedItems")
    check.expect(
      zip(ranges, ranges.dropFirst()).allSatisfy { $0.header.lowerBound <= $1.header.lowerBound },
      "the ranges ascend by the first item of their header block")
    let headers = Set(ranges.map(\.header.lowerBound))
    check.expect(
      reportedTooLong.allSatisfy { headers.contains($0) }, "a block reported too long to pin starts a range's header")
    return check.violations
  }
}

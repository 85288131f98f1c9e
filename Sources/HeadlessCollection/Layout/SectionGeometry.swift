import Foundation

/// One section's place in the flow: which items it holds and where it starts
/// and ends along the scroll direction (insets included).
struct SectionGeometry {
  /// The global index of the section's first item (items of all sections are
  /// numbered in one sequence).
  var start: Int
  /// The number of items.
  var count: Int
  /// Where the section begins along the scroll direction, before its
  /// header and inset.
  var origin: CGFloat
  /// Where it ends, after its inset and footer.
  var end: CGFloat
  /// The insets and spacings the section is laid out with.
  var metrics: SectionMetrics
}

extension [SectionGeometry] {
  /// The index of the section whose items include global item `index`.
  /// Shared by the layout, which reads its own sections, and by a batch's
  /// ``ItemRemap``, which reads the sections as they were before it.
  ///
  /// - Complexity: O(log *s*) for *s* sections, plus the empty sections
  ///   just before the one found.
  func section(containing index: Int) -> Int {
    // The last section starting at or before `index` that holds items.
    var section = Swift.max(0, lowerBound(in: 0..<count) { self[$0].start <= index } - 1)
    while self[section].count == 0 || self[section].start > index { section -= 1 }
    return section
  }

  /// The index path (section, item) of global item `index`. A single
  /// section needs no search, the common case of a list.
  ///
  /// - Complexity: O(1) with one section, else that of
  ///   ``section(containing:)``.
  func indexPath(ofItem index: Int) -> IndexPath {
    let section = count == 1 ? 0 : section(containing: index)
    return IndexPath(index: section).appending(index - self[section].start)
  }
}

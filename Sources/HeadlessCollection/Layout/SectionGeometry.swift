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

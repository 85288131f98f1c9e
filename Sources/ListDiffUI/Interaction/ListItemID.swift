/// The identity of one item on screen, as selection and focus keep it: its
/// view model's identifier and the names of the sections around it.
///
/// `sectionPath` lists the enclosing sections' names outermost first: their
/// explicit `id:`s and the identifiers of render-section models, as
/// ``ListDiffDataSource/indexPath(forIdentifier:sectionPath:)`` matches them.
/// An identity kept by the data source (``ListDiffDataSource/selection``,
/// ``ListDiffDataSource/focusedItem``) always carries the whole path; one
/// you pass in may name only part of it, or none, and then means the first
/// item in display order whose path contains it.
public struct ListItemID: Hashable, Sendable, CustomStringConvertible {
  /// The view model's identifier.
  public var identifier: String
  /// The names of the enclosing sections, outermost first.
  public var sectionPath: [String]

  /// Creates the identity of the item with `identifier` within
  /// `sectionPath`.
  ///
  /// - Complexity: O(1).
  public init(identifier: String, sectionPath: [String] = []) {
    self.identifier = identifier
    self.sectionPath = sectionPath
  }

  /// `"milk"`, or `"groceries/milk"` with its section path.
  ///
  /// - Complexity: O(*d*) in the path's length.
  public var description: String {
    (sectionPath + [identifier]).joined(separator: "/")
  }
}

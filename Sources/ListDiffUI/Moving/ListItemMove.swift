/// A drag the user finished, as ``ListDiffDataSource/moveHandler`` hears
/// it: which item moved, and from where to where within its sections.
///
/// Sections are named as a `sectionPath` argument names them (see
/// ``ListDiffDataSource/indexPath(forIdentifier:sectionPath:)``): the
/// explicit ids and render-model identifiers of the enclosing sections,
/// outermost first. Indexes count the items of the leaf section (the
/// `ListSection`) alone, as the model's array does: move
/// `model[sectionPath].remove(at: fromIndex)` to
/// `model[toSectionPath].insert(_, at: toIndex)`.
public struct ListItemMove: Sendable, Equatable {
  /// The identifier of the moved item's view model.
  public var identifier: String
  /// The section the item was in.
  public var sectionPath: [String]
  /// The item's index within that section before the move.
  public var fromIndex: Int
  /// The item's index within its section after the move (the section it
  /// was taken out of, when the section did not change).
  public var toIndex: Int
  /// The section the item is in after the move; equal to ``sectionPath``
  /// unless ``ListDiffDataSource/allowsMovingBetweenSections`` let it change.
  public var toSectionPath: [String]

  /// A move of `identifier` from `fromIndex` of `sectionPath` to `toIndex`
  /// of `toSectionPath`.
  ///
  /// - Complexity: O(1).
  public init(
    identifier: String, sectionPath: [String], fromIndex: Int, toIndex: Int, toSectionPath: [String]
  ) {
    self.identifier = identifier
    self.sectionPath = sectionPath
    self.fromIndex = fromIndex
    self.toIndex = toIndex
    self.toSectionPath = toSectionPath
  }
}

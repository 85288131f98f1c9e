/// Something the data source could not use as given, and what it did instead.
///
/// Bad input never stops an update: duplicates are dropped (the first kept),
/// impossible sizes are clamped, and each such decision is reported here, to
/// ``ListDiffDataSource/diagnosticHandler`` (standard error by default).
/// `description` is the human message; the other properties let tests and
/// tools match on what happened.
public struct ListDiffDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem was found.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A view-model identifier repeated within one section; the first
    /// occurrence was kept and the later one dropped.
    case duplicateIdentifier
    /// Two items shown are different items (of different sections, or of
    /// different controller types) with one ``ListItemID``: the same
    /// identifier where their section paths name the same explicit ids, as
    /// a header and a placeholder of one section, or two sections without
    /// an `id:` side by side. Both are shown and each keeps its own
    /// controller; focus moves go by position, so they pass both; but a
    /// selection, a focus or a lookup by that ``ListItemID`` names the
    /// first. Reported once, by the root that makes the pair, naming both
    /// places. Give one of them another identifier, or its section an `id:`.
    case sharedItemID
    /// Two sibling sections were given the same explicit `id:`; they share
    /// one scope, so identifiers repeated across them count as duplicates.
    case duplicateSectionID
    /// View models with an empty identifier were found; they are kept (an
    /// empty string is still an identity) but are probably a mistake.
    case emptyIdentifier
    /// A transform returned nil for some models, which are not shown.
    case droppedModels
    /// A controller's `itemSize(containerSize:)` returned a negative or
    /// non-finite size; the offending dimensions were clamped to zero.
    case invalidItemSize
    /// The collection view rejected a batch update; the data source fell back
    /// to `reloadData()`, so the collection still shows the new root.
    case rejectedBatch
    /// Two context objects share a class; only the first is found by
    /// `ListDiffContext.object()`.
    case duplicateContextObject
    /// A sequence passed to `observe` threw; observing stopped.
    case sequenceFailed
    /// The collection view was given a number it cannot lay out (a NaN,
    /// infinite, negative or huge frame, inset, spacing, offset or size, from
    /// the app or from a controller) and used a safe value instead; the
    /// message is the collection view's ``/HeadlessCollection/GeometryIssue`` description.
    case invalidGeometry
    /// ``ListDiffDataSource/workingRangeSize`` was set below zero; the
    /// working range is off (zero) instead.
    case invalidWorkingRangeSize
    /// ``ListDiffDataSource/loadMoreDistance`` was set below zero; 0 is
    /// used instead.
    case invalidLoadMoreDistance
    /// With `applyUpdatesAsync`, a root set before a drag ended deletes the
    /// item the drag moved: ``ListDiffDataSource/moveHandler`` heard the
    /// move (the item was shown when it was dropped), then the root
    /// removed the item. The app may be keeping a move of an item its own
    /// model no longer has.
    case movedItemDeleted
    /// The collection view reported a misuse it recovered from (see
    /// ``/HeadlessCollection/CollectionViewMisuse``): a layout that did not
    /// settle, a cell returned twice, a reuse identifier never registered.
    /// The message is the misuse's description. UIKit traps or misbehaves
    /// on each, so a test should not pass on one.
    case collectionViewMisuse
    /// An accessibility element's label is empty or only whitespace: its
    /// cell sets no `accessibilityLabel` and draws no text, so VoiceOver
    /// reads nothing for it. Reported once per item while it is shown, when
    /// the list's accessibility is read (``ListDiffDataSource/accessibilityElements``
    /// and the cursor's moves). Set the cell's `accessibilityLabel`.
    case emptyAccessibilityLabel
    /// A selection, focus or item-action request the data source ignored:
    /// it named an item that is not shown, or one whose controller says no
    /// (``AnyListCellController/canSelect``,
    /// ``AnyListCellController/canFocus``), selection is off, ``ListDiffDataSource/selectAll()``
    /// was asked without multiple selection, or an action title the item
    /// does not offer. Nothing changed. A note.
    case ignoredInteraction
    /// A node of an ``OutlineSection`` has the identifier of one of its
    /// ancestors: the tree has a cycle (a folder linked into itself). The
    /// node is left out at that place, so the outline is not expanded
    /// forever; the ancestor is shown as usual.
    case outlineCycle
    /// A root removed a section and inserted another in which every item
    /// of the removed one (two or more) reappears with the same identifier
    /// and an equal view model: a section id that changed while its items
    /// did not (built from a count or a title). Those items lost their
    /// controllers and view state and were shown as new. The message names
    /// both sections' paths. One item moving between sections is not
    /// reported.
    case unstableSectionIdentity
  }

  /// How much a diagnostic matters.
  public enum Severity: String, Sendable, Hashable, Comparable {
    /// Something was done as asked but is worth knowing (a transform
    /// filtered models out). Not printed by the default handler.
    case note
    /// Input was wrong and something was dropped, clamped or worked around.
    case warning

    /// Notes order before warnings.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs == .note && rhs == .warning
    }
  }

  /// What kind of problem was found.
  public var kind: Kind
  /// The human-readable explanation, naming what was dropped or changed.
  public var message: String
  /// The view-model identifier concerned, where there is one.
  public var identifier: String?
  /// The path of the section concerned (for example `root > [1] > "done"`),
  /// where there is one.
  public var sectionPath: String?

  /// Creates a diagnostic.
  ///
  /// - Complexity: O(1).
  public init(kind: Kind, message: String, identifier: String? = nil, sectionPath: String? = nil) {
    self.kind = kind
    self.message = message
    self.identifier = identifier
    self.sectionPath = sectionPath
  }

  /// `.note` for ``Kind/droppedModels`` (filtering is what a transform
  /// returning nil is for) and ``Kind/ignoredInteraction`` (a person's
  /// request that changed nothing), `.warning` for everything else.
  ///
  /// - Complexity: O(1).
  public var severity: Severity {
    kind == .droppedModels || kind == .ignoredInteraction ? .note : .warning
  }

  /// The message, prefixed with the framework's name.
  public var description: String { "ListDiffUI: \(message)" }
}

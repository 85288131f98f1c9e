import Foundation
import HeadlessCollection

/// One element of a list as VoiceOver reads it: an item, by identity, with
/// what its cell says of itself and what the list adds — its selection,
/// whether it heads a section, its place in its section, the item actions
/// it offers. What ``ListDiffDataSource/accessibilityElements`` returns, in
/// reading order.
///
/// A value: made from the cells on screen when asked, kept by nothing.
public struct ListAccessibilityElement: Equatable, Sendable, CustomStringConvertible {
  /// The item, by identity: header, footer and placeholder items included,
  /// and the items of carousels and grids (their paths run through the
  /// row's).
  public var item: ListItemID
  /// What it is called: the cell's `accessibilityLabel`, else the text the
  /// cell draws, its lines joined.
  public var label: String?
  /// The cell's `accessibilityValue`.
  public var value: String?
  /// The cell's `accessibilityHint`: read after a pause, not part of
  /// ``description``.
  public var hint: String?
  /// The cell's `accessibilityIdentifier`: for tests, never read.
  public var identifier: String?
  /// The cell's `accessibilityTraits`, plus ``/HeadlessCollection/AccessibilityTraits/selected``
  /// when the item is selected and ``/HeadlessCollection/AccessibilityTraits/header`` for an
  /// item of a section's header.
  public var traits: AccessibilityTraits
  /// The names of the actions it offers, in order: the cell's own custom
  /// actions, then the item's leading and trailing item actions by title,
  /// then, where it may be dragged, "Move up", "Move down", "Move to top"
  /// and "Move to bottom".
  public var customActions: [String]
  /// Where it is, in the list's content coordinates (for an item of a
  /// carousel or a grid, where the list shows it).
  public var frame: CGRect
  /// Its place in its innermost section (or carousel, or grid), 1-based:
  /// "3 of 12". 0 for header, footer and placeholder items.
  public var position: Int
  /// The number of items of that section; 0 with ``position``.
  public var count: Int
  /// For an item of a grid, its line and column, 1-based; nil elsewhere.
  public var gridCell: GridCell?

  /// A grid item's place: its line (row) and column, 1-based.
  public struct GridCell: Hashable, Sendable {
    /// The line, 1-based.
    public var row: Int
    /// The column, 1-based.
    public var column: Int

    /// A grid cell at `row` and `column`.
    ///
    /// - Complexity: O(1).
    public init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }
  }

  /// The element with every property given.
  ///
  /// - Complexity: O(1).
  public init(
    item: ListItemID, label: String?, value: String? = nil, hint: String? = nil, identifier: String? = nil,
    traits: AccessibilityTraits = .none, customActions: [String] = [], frame: CGRect = .zero, position: Int = 0,
    count: Int = 0, gridCell: GridCell? = nil
  ) {
    self.item = item
    self.label = label
    self.value = value
    self.hint = hint
    self.identifier = identifier
    self.traits = traits
    self.customActions = customActions
    self.frame = frame
    self.position = position
    self.count = count
    self.gridCell = gridCell
  }

  /// What VoiceOver says of it, in its order: the label, the value, the
  /// traits it speaks ("Selected", "Button", "Heading", "Dimmed"…), a grid
  /// item's "row 2, column 3", and "3 of 12" — joined with ", ". The hint
  /// is read apart, after a pause.
  ///
  /// - Complexity: O(*k*) in the length of what it says.
  public var description: String {
    var parts: [String] = []
    if let label, !label.isEmpty { parts.append(label) }
    if let value, !value.isEmpty { parts.append(value) }
    parts += traits.spokenWords
    if let gridCell { parts.append("row \(gridCell.row), column \(gridCell.column)") }
    if count > 0 { parts.append("\(position) of \(count)") }
    return parts.joined(separator: ", ")
  }
}

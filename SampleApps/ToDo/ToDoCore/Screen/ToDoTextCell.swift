import HeadlessCollection
import ListDiffUI

/// The one kind of cell the to-do screen uses: lines of text, drawn one per
/// point of height by `CollectionView.renderText()`.
///
/// Controllers compute the lines (see ``ToDoLines``) and size the cell to
/// their count, so a cell never holds more lines than it is tall.
public final class ToDoTextCell: ListCell {
  /// The text, one entry per line, each already fitted to the cell's width.
  public var lines: [String] = []

  /// The id of the to-do item the cell shows; `nil` for a label.
  public var itemID: String?

  /// `lines`, joined by newlines. O(n) in the text's length.
  public override var textRepresentation: String {
    lines.joined(separator: "\n")
  }
}

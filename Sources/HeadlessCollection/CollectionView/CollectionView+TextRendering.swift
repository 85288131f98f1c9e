import Foundation

extension CollectionView {
  /// The viewport drawn as text: one terminal column per point, one line per
  /// point, so exactly `bounds.height` lines (rounded down) of
  /// `bounds.width` columns, joined by newlines.
  ///
  /// Each visible cell, in index path order (later cells over earlier ones),
  /// clears its frame to spaces and draws the lines of its
  /// ``CollectionReusableView/textRepresentation`` from its top left corner,
  /// one point per terminal column (``TextColumns``: a wide character takes
  /// two, a combining mark none, and no character is cut), clipped to its
  /// frame and to the viewport. Frames
  /// are placed at their origin minus ``contentOffset``, rounded to the
  /// nearest point. The output depends only on the layout and the cells'
  /// text, so it can be compared with stored snapshots. Pinned items (see
  /// `PinnedItemRange`) are drawn after the others, and an item moved by
  /// hand after them, centred on the movement's position. Visible headers and
  /// footers are drawn the same way after the cells, by section, so that a
  /// pinned header covers the items it lies over.
  ///
  /// A viewport larger than ``maximumTextSize`` points on a side is drawn
  /// clipped to its top-left ``maximumTextSize`` × ``maximumTextSize``
  /// points, and the clipping is reported to ``invalidGeometryHandler``:
  /// any larger drawing would exhaust memory.
  ///
  /// - Complexity: O(width × height + the visible cells' and supplementary
  ///   views' text).
  public func renderText() -> String {
    layoutIfNeeded()
    let size = frame.size
    let limit = CGFloat(Self.maximumTextSize)
    if size.width > limit || size.height > limit {
      report(
        "CollectionView.renderText() viewport", given: size,
        used: CGSize(width: min(size.width, limit), height: min(size.height, limit)))
    }
    let width = Int(min(max(0, size.width), limit).rounded(.down))
    let height = Int(min(max(0, size.height), limit).rounded(.down))
    var canvas = TextCanvas(width: width, height: height)
    let origin = position.offset
    let moving = movingItemAsDrawn?.index
    for (index, cell) in cells.mounted.entries where pinning.frames[index] == nil && index != moving {
      let frame = cell.frame.offsetBy(dx: -origin.x, dy: -origin.y)
      canvas.draw(cell.textRepresentation, in: frame)
    }
    // Pinned items over the others, the outermost (first) block last, so
    // that it is on top where blocks overlap.
    for (index, cell) in cells.mounted.entries.reversed() where pinning.frames[index] != nil && index != moving {
      canvas.draw(cell.textRepresentation, in: cell.frame.offsetBy(dx: -origin.x, dy: -origin.y))
    }
    // The item moved by hand over every other item, as the finger holds it
    // up: UIKit raises its cell above the others.
    if let moving, let cell = cells.mounted[moving] {
      canvas.draw(cell.textRepresentation, in: cell.frame.offsetBy(dx: -origin.x, dy: -origin.y))
    }
    // Headers and footers after the cells, pinned ones last, so that a
    // pinned header covers the items (and footer) under it: UIKit gives
    // pinned headers and footers a higher zIndex.
    let layout = collectionViewLayout
    func pins(_ element: SupplementaryElement) -> Bool {
      element.isHeader ? layout.sectionHeadersPinToVisibleBounds : layout.sectionFootersPinToVisibleBounds
    }
    let order = supplementaries.mounted.keys.sorted { a, b in
      pins(a) != pins(b) ? !pins(a) : a < b
    }
    for element in order {
      guard let view = supplementaries.mounted[element] else { continue }
      canvas.draw(view.textRepresentation, in: view.frame.offsetBy(dx: -origin.x, dy: -origin.y))
    }
    return canvas.text
  }
}

extension CollectionView {
  /// The whole content drawn as text, not just the viewport: the mounted
  /// cells at their places in the content (`contentSize`, at most
  /// ``maximumTextSize`` points on a side), everything else blank. Not
  /// API: a grid's row draws its own collection this way, its cells off
  /// the list's viewport unmounted and clipped away by the list anyway.
  ///
  /// - Complexity: O(width × height + the mounted cells' text).
  package func renderContentText() -> String {
    layoutIfNeeded()
    let limit = Self.maximumTextSize
    let size = contentSize
    var canvas = TextCanvas(
      width: min(limit, Int(max(0, size.width).rounded(.down))),
      height: min(limit, Int(max(0, size.height).rounded(.down))))
    for (_, cell) in cells.mounted.entries { canvas.draw(cell.textRepresentation, in: cell.frame) }
    return canvas.text
  }

  /// The most characters per line, and lines, that ``renderText()`` draws:
  /// 1,024.
  public static let maximumTextSize = 1_024
}

/// A grid of terminal columns that cells draw into.
///
/// A wide character (see ``TextColumns``) takes two columns: it is stored
/// in the first, and the second holds `continuation`, which the text leaves
/// out. Invariant: a `continuation` always follows a wide character in its
/// row, and a wide character is always followed by a `continuation`; when
/// a drawing covers one half of a wide character, the other half becomes a
/// space (as a terminal shows it).
struct TextCanvas {
  let width: Int
  let height: Int
  private var rows: [[Character]]
  /// The second column of a wide character. U+0000 takes no column, so no
  /// text draws it.
  private static let continuation: Character = "\u{0}"

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    rows = Array(repeating: Array(repeating: " ", count: width), count: height)
  }

  /// Clears `frame` (viewport coordinates) and draws `text` into it,
  /// clipped: each line from the frame's left edge, each character in as
  /// many columns as it takes. A character that does not fit whole before
  /// the right edge ends the line (the rest stays blank); one cut by the
  /// left edge leaves blank the columns of it that are inside.
  mutating func draw(_ text: String, in frame: CGRect) {
    guard frame.minX.isFinite, frame.minY.isFinite, frame.maxX.isFinite, frame.maxY.isFinite else {
      return
    }
    // Clamped before conversion so that no coordinate overflows `Int`; text
    // is walked character by character, so a far-off start costs nothing.
    func point(_ value: CGFloat) -> Int { Int(min(max(value, -1e15), 1e15).rounded()) }
    let left = point(frame.minX)
    let top = point(frame.minY)
    let right = point(frame.maxX)
    let bottom = point(frame.maxY)
    guard max(0, left) < min(width, right), max(0, top) < min(height, bottom) else { return }
    let columns = max(0, left)..<min(width, right)
    let lines = max(0, top)..<min(height, bottom)
    for row in lines { clear(columns, row: row) }
    // Into cleared columns: nothing drawn here can cover half of a wide
    // character drawn before.
    var row = top
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      defer { row += 1 }
      if row >= lines.upperBound { break }
      guard row >= lines.lowerBound else { continue }
      var column = left
      for character in line {
        let size = TextColumns.width(ofCharacter: character)
        if size == 0 { continue }
        defer { column += size }
        if column + size > columns.upperBound { break }
        // Cut by the left edge, the columns inside stay blank.
        guard column >= columns.lowerBound else { continue }
        rows[row][column] = character
        if size == 2 { rows[row][column + 1] = Self.continuation }
      }
    }
  }

  /// Blanks `columns` of `row`, and the other half of a wide character that
  /// either edge cuts.
  ///
  /// - Complexity: O(`columns.count`).
  private mutating func clear(_ columns: Range<Int>, row: Int) {
    guard !columns.isEmpty else { return }
    if columns.lowerBound > 0 && rows[row][columns.lowerBound] == Self.continuation {
      rows[row][columns.lowerBound - 1] = " "
    }
    if columns.upperBound < width && rows[row][columns.upperBound] == Self.continuation {
      rows[row][columns.upperBound] = " "
    }
    for column in columns { rows[row][column] = " " }
  }

  /// The rows joined by newlines, each `width` columns wide.
  var text: String {
    rows.map { row in String(row.filter { $0 != Self.continuation }) }.joined(separator: "\n")
  }
}

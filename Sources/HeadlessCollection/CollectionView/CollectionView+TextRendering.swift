import Foundation

extension CollectionView {
  /// The viewport drawn as text: one character per point, one line per
  /// point, so exactly `bounds.height` lines (rounded down) of
  /// `bounds.width` characters, joined by newlines.
  ///
  /// Each visible cell, in index path order (later cells over earlier ones),
  /// clears its frame to spaces and draws the lines of its
  /// ``CollectionReusableView/textRepresentation`` from its top left corner, each
  /// character in one point, clipped to its frame and to the viewport. Frames
  /// are placed at their origin minus ``contentOffset``, rounded to the
  /// nearest point. The output depends only on the layout and the cells'
  /// text, so it can be compared with stored snapshots. Pinned items (see
  /// `PinnedItemRange`) are drawn after the others. Visible headers and
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
    let origin = storedContentOffset
    for (index, cell) in mounted.entries where pinnedFrames[index] == nil {
      let frame = cell.frame.offsetBy(dx: -origin.x, dy: -origin.y)
      canvas.draw(cell.textRepresentation, in: frame)
    }
    // Pinned items over the others, the outermost (first) block last, so
    // that it is on top where blocks overlap.
    for (index, cell) in mounted.entries.reversed() where pinnedFrames[index] != nil {
      canvas.draw(cell.textRepresentation, in: cell.frame.offsetBy(dx: -origin.x, dy: -origin.y))
    }
    // Headers and footers after the cells, pinned ones last, so that a
    // pinned header covers the items (and footer) under it: UIKit gives
    // pinned headers and footers a higher zIndex.
    let layout = collectionViewLayout
    func pins(_ element: SupplementaryElement) -> Bool {
      element.isHeader ? layout.sectionHeadersPinToVisibleBounds : layout.sectionFootersPinToVisibleBounds
    }
    let order = mountedSupplementaries.keys.sorted { a, b in
      pins(a) != pins(b) ? !pins(a) : a < b
    }
    for element in order {
      guard let view = mountedSupplementaries[element] else { continue }
      canvas.draw(view.textRepresentation, in: view.frame.offsetBy(dx: -origin.x, dy: -origin.y))
    }
    return canvas.text
  }
}

extension CollectionView {
  /// The most characters per line, and lines, that ``renderText()`` draws:
  /// 1,024.
  public static let maximumTextSize = 1_024
}

/// A grid of characters that cells draw into.
struct TextCanvas {
  let width: Int
  let height: Int
  private var rows: [[Character]]

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    rows = Array(repeating: Array(repeating: " ", count: width), count: height)
  }

  /// Clears `frame` (viewport coordinates) and draws `text` into it, clipped.
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
    for row in lines {
      for column in columns { rows[row][column] = " " }
    }
    var row = top
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      defer { row += 1 }
      if row >= lines.upperBound { break }
      guard row >= lines.lowerBound else { continue }
      var column = left
      for character in line {
        defer { column += 1 }
        if column >= columns.upperBound { break }
        guard column >= columns.lowerBound else { continue }
        rows[row][column] = character
      }
    }
  }

  /// The rows joined by newlines.
  var text: String {
    rows.map { String($0) }.joined(separator: "\n")
  }
}

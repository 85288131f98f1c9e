import Foundation

/// What keyboard focus needs from the collection view: bringing an item
/// into view below the headers pinned over it, and the length of a page.
/// Not API: ListDiffUI's focus moves use them.
extension CollectionView {
  /// Scrolls as little as shows the item at `indexPath` whole, below the
  /// pinned header blocks that stack over it, and lays out; an item longer
  /// than the room left shows its leading edge. Does nothing for an index
  /// path that names no item.
  ///
  /// - Complexity: that of ``scrollToItem(at:at:animated:)``, at most twice.
  package func scrollToReveal(itemAt indexPath: IndexPath) {
    layoutIfNeeded()
    guard let index = global(indexPath) else { return }
    let vertical = engine.direction == .vertical
    func fits() -> Bool {
      let frame = engine.frame(of: index)
      return (vertical ? frame.height : frame.width) <= pageLength(overItemAt: indexPath)
    }
    let fitted = fits()
    scrollToItem(at: indexPath, at: fitted ? [] : (vertical ? .top : .left), animated: false)
    // The scroll sized the estimated items it reached, this one too: one
    // estimated to fit may be longer than the room, and shows its leading
    // edge after all.
    if fitted && !fits() { scrollToItem(at: indexPath, at: vertical ? .top : .left, animated: false) }
    layoutIfNeeded()
  }

  /// The length along the scroll direction that shows items below the
  /// pinned header blocks over the item at `indexPath`: the viewport less
  /// the content insets and those blocks. Zero for an index path that
  /// names no item.
  ///
  /// - Complexity: O(*p*) for *p* pinned ranges.
  package func pageLength(overItemAt indexPath: IndexPath) -> CGFloat {
    guard let index = global(indexPath) else { return 0 }
    let inset = contentInset
    let room =
      engine.direction == .vertical
      ? frame.height - inset.top - inset.bottom : frame.width - inset.left - inset.right
    return max(0, room - pinnedLength(over: index, viewport: room))
  }

  /// Whether some of the item at `indexPath` shows: it is within the
  /// viewport and not all under the pinned header blocks stacked over it.
  /// An item of a pinned header block shows wherever it is drawn. False
  /// for an index path that names no item.
  ///
  /// - Complexity: O(*p*) for *p* pinned ranges.
  package func showsPart(ofItemAt indexPath: IndexPath) -> Bool {
    layoutIfNeeded()
    guard let index = global(indexPath) else { return false }
    if pinning.ranges.contains(where: { $0.header.contains(index) }) {
      return indexPathsForVisibleItems.contains(indexPath)
    }
    let vertical = engine.direction == .vertical
    let item = engine.frame(of: index)
    let inset = contentInset
    let room = vertical ? frame.height - inset.top - inset.bottom : frame.width - inset.left - inset.right
    let origin = vertical ? contentOffset.y + inset.top : contentOffset.x + inset.left
    let (lead, trail) = vertical ? (item.minY, item.maxY) : (item.minX, item.maxX)
    return trail > origin + pinnedLength(over: index, viewport: room) && lead < origin + room
  }

  /// How many times the selection was cleared (by a reload): a data source
  /// that keeps its own selection mirrors it again when this changes.
  ///
  /// - Complexity: O(1).
  package var selectionClearCount: Int { selection.clearCount }
}

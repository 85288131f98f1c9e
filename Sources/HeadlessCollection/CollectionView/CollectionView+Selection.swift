import Foundation

extension CollectionView {
  /// The selected items, ascending.
  ///
  /// - Complexity: O(*m* log *m*) for *m* selected items.
  public var indexPathsForSelectedItems: [IndexPath] {
    layoutIfNeeded()
    return selection.ascending.map(indexPath(forGlobal:))
  }

  /// Taps the item at `indexPath`: what a user's touch does in UIKit. Unless
  /// selection is off or the delegate's `shouldSelectItemAt` says no, the item
  /// becomes selected (its cell's ``CollectionViewCell/isSelected`` too) and
  /// the delegate hears `didSelectItemAt`. With single selection, other
  /// selected items are deselected first (`didDeselectItemAt` for each); with
  /// ``allowsMultipleSelection``, tapping a selected item deselects it
  /// instead. Returns whether the item is selected afterwards; `false`, with
  /// nothing done, when the index path names no item.
  ///
  /// - Complexity: O(*m*) for *m* selected items.
  @discardableResult
  public func selectItem(at indexPath: IndexPath) -> Bool {
    layoutIfNeeded()
    guard allowsSelection, let index = global(indexPath) else { return false }
    if allowsMultipleSelection && selection.contains(index) {
      setSelected(false, index)
      delegate?.collectionView(self, didDeselectItemAt: indexPath)
      return false
    }
    guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else {
      return selection.contains(index)
    }
    if !allowsMultipleSelection {
      for other in selection.ascending where other != index {
        setSelected(false, other)
        delegate?.collectionView(self, didDeselectItemAt: self.indexPath(forGlobal: other))
      }
    }
    setSelected(true, index)
    delegate?.collectionView(self, didSelectItemAt: indexPath)
    return true
  }

  /// Deselects the item at `indexPath` without telling the delegate, as
  /// UIKit's programmatic deselection does (a ListDiffUI data source, which
  /// keeps the selection by identity, follows it). Index paths that name no
  /// item are ignored.
  ///
  /// - Complexity: O(1).
  public func deselectItem(at indexPath: IndexPath) {
    layoutIfNeeded()
    guard let index = global(indexPath), selection.contains(index) else { return }
    setSelected(false, index)
    programmaticDeselection?(indexPath)
  }

  /// Selects or deselects item `index` and shows it on its cell, if on
  /// screen, without the delegate.
  ///
  /// - Complexity: O(log *v*) for *v* visible cells.
  func setSelected(_ selected: Bool, _ index: Int) {
    selection.set(selected, index)
    if let cell = cells.mounted[index], cell.isSelected != selected {
      cell.isSelected = selected
    }
  }
}

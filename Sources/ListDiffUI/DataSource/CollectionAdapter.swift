import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// The collection view's data source and delegate on behalf of a
/// ``ListDiffDataSource``: an internal object, so that the conformances are
/// not part of the data source's public API.
///
/// Every call runs as a callback of the data source (`callingOut`): a root
/// set from inside one waits until the collection view can take a batch.
/// Delegate calls are forwarded to `collectionViewDelegate` after the data
/// source has handled them.
@MainActor
final class CollectionAdapter: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  /// The data source owns the adapter; the collection view holds it weakly.
  /// Unowned, checked: the data source's `deinit` unhooks the adapter from
  /// the collection view first, and an adapter kept past it by someone
  /// else traps rather than reading freed memory.
  private unowned let owner: ListDiffDataSource

  init(owner: ListDiffDataSource) {
    self.owner = owner
  }

  private var forward: (any CollectionViewDelegateFlowLayout)? { owner.collectionViewDelegate }

  // MARK: Data source

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    section == 0 ? owner.list.count : 0
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    owner.callingOut { owner.cell(forItemAt: indexPath) }
  }

  // MARK: Moving

  /// Whether the item's controller lets the user drag it (never a header's
  /// or a footer's).
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    guard indexPath.count == 2, indexPath[0] == 0 else { return false }
    return owner.callingOut { owner.canMoveItem(at: indexPath[1]) }
  }

  /// The drag ended: the list takes the order shown, and the move handler
  /// hears it.
  func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    guard sourceIndexPath.count == 2, destinationIndexPath.count == 2,
      sourceIndexPath[0] == 0, destinationIndexPath[0] == 0
    else { return }
    owner.callingOut { owner.userMovedItem(from: sourceIndexPath[1], to: destinationIndexPath[1]) }
  }

  /// Steers a drag away from header and footer items and, unless moving
  /// between sections is allowed, out of other sections: to the nearest
  /// allowed place. The data source decides where items may go, so this
  /// hook is not forwarded.
  func collectionView(
    _ collectionView: CollectionView,
    targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
    atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath {
    guard originalIndexPath.count == 2, currentIndexPath.count == 2, proposedIndexPath.count == 2,
      proposedIndexPath[0] == 0
    else { return currentIndexPath }
    let target = owner.callingOut {
      owner.target(
        movingFrom: originalIndexPath[1], current: currentIndexPath[1], proposed: proposedIndexPath[1])
    }
    return IndexPath(item: target, section: 0)
  }

  // MARK: Sizes and metrics

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    owner.callingOut { owner.size(forItemAt: indexPath) }
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    owner.callingOut {
      forward?.collectionView(collectionView, layout: collectionViewLayout, insetForSectionAt: section)
        ?? collectionViewLayout.sectionInset
    }
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat {
    owner.callingOut {
      forward?.collectionView(
        collectionView, layout: collectionViewLayout, minimumLineSpacingForSectionAt: section)
        ?? collectionViewLayout.minimumLineSpacing
    }
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat {
    owner.callingOut {
      forward?.collectionView(
        collectionView, layout: collectionViewLayout, minimumInteritemSpacingForSectionAt: section)
        ?? collectionViewLayout.minimumInteritemSpacing
    }
  }

  // MARK: Selection

  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  {
    owner.callingOut {
      let controller = owner.controller(atShown: indexPath.item)
      // A row of the library's that is a button: the tap presses it and
      // selects nothing.
      if controller?.pressInsteadOfSelecting() == true { return false }
      guard controller?.canSelect ?? true else { return false }
      return forward?.collectionView(collectionView, shouldSelectItemAt: indexPath) ?? true
    }
  }

  /// Tells the item's controller, `didSelect(cell:)`, then the forwarded
  /// delegate. An item without a cell on screen cannot be tapped.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    owner.callingOut {
      // The selection first, so that `didSelect` reads `isSelected` true.
      owner.features.interaction.collectionViewDidChangeSelection(true, atShown: indexPath.item)
      // The cell on screen, not the controller's link: a cell waiting in the
      // reuse queue stays linked to its controller, but it is not on screen.
      if let cell = collectionView.cellForItem(at: indexPath) as? ListCell,
        let controller = cell.controller, controller.mountedListCell === cell
      {
        controller.send(.didSelect, cell)
      }
      forward?.collectionView(collectionView, didSelectItemAt: indexPath)
    }
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    owner.callingOut {
      // With single selection a tap deselects the others just before it
      // selects its item: the selection changes once, with the select.
      if collectionView.allowsMultipleSelection {
        owner.features.interaction.collectionViewDidChangeSelection(false, atShown: indexPath.item)
      }
      forward?.collectionView(collectionView, didDeselectItemAt: indexPath)
    }
  }

  // MARK: Display

  /// Only forwarded: without a delegate to forward to, nothing runs, and
  /// nothing is bracketed as a callback (a scroll sends this for every
  /// cell it shows).
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath
  ) {
    guard let forward else { return }
    owner.callingOut { forward.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath) }
  }

  /// The cell stays mounted on its controller (it waits in the reuse queue
  /// and may come back to the same item); appearance follows at the end of
  /// the layout pass. Only forwarded, as `willDisplay` is.
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    guard let forward else { return }
    owner.callingOut {
      forward.collectionView(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
    }
  }

  /// Derives appearance and the working range from the finished layout
  /// pass, then forwards.
  func collectionViewDidLayout(_ collectionView: CollectionView) {
    owner.callingOut {
      owner.collectionViewDidLayout()
      forward?.collectionViewDidLayout(collectionView)
    }
  }

  // MARK: Scrolling

  /// A root set here waits for the layout of the new offset, which follows.
  func scrollViewDidScroll(_ collectionView: CollectionView) {
    owner.callingOut(drainsWhenDone: false) { forward?.scrollViewDidScroll(collectionView) }
  }

  func scrollViewWillBeginDragging(_ collectionView: CollectionView) {
    owner.callingOut { forward?.scrollViewWillBeginDragging(collectionView) }
  }

  func scrollViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool) {
    owner.callingOut { forward?.scrollViewDidEndDragging(collectionView, willDecelerate: decelerate) }
  }

  func scrollViewWillBeginDecelerating(_ collectionView: CollectionView) {
    owner.callingOut { forward?.scrollViewWillBeginDecelerating(collectionView) }
  }

  func scrollViewDidEndDecelerating(_ collectionView: CollectionView) {
    owner.callingOut { forward?.scrollViewDidEndDecelerating(collectionView) }
  }

  func scrollViewDidEndScrollingAnimation(_ collectionView: CollectionView) {
    owner.callingOut { forward?.scrollViewDidEndScrollingAnimation(collectionView) }
  }
}

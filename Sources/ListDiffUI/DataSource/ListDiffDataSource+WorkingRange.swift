import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// The working range: controllers of items near the viewport hear
/// `willEnterWorkingRange` and `didExitWorkingRange`, derived after every
/// layout pass (see `WorkingRangeTracker` for the rules).
extension ListDiffDataSource {
  /// How many items beyond each edge of the viewport are in the working
  /// range, IGListKit's `workingRangeSize`: the controllers of the visible
  /// items and of this many items before the first and after the last hear
  /// ``AnyListCellController/willEnterWorkingRange()`` once on entering the
  /// range and ``AnyListCellController/didExitWorkingRange()`` once on
  /// leaving it (scrolled away, deleted, or the range made smaller), in
  /// viewport order: every entering controller first, top to bottom, then
  /// every exiting one. Only the controllers of items in range are created
  /// for it.
  ///
  /// Zero (the default) turns the range off: no controller hears either
  /// hook. (IGListKit still tells the visible section controllers at zero.)
  /// A negative size is reported as a ``ListDiffDiagnostic/Kind/invalidWorkingRangeSize``
  /// diagnostic and treated as zero. Setting it derives the range at once.
  ///
  /// - Complexity: free at zero. Otherwise O(*v* + 2 × `workingRangeSize`)
  ///   per layout pass, plus the hooks.
  public var workingRangeSize: Int {
    get { workingRange.size }
    set {
      if newValue < 0 {
        report(
          ListDiffDiagnostic(
            kind: .invalidWorkingRangeSize,
            message: "workingRangeSize must not be negative (was set to \(newValue)); using 0"))
      }
      workingRange.size = max(0, newValue)
      callingOut { updateWorkingRange() }
    }
  }

  /// Derives the working range from the items on screen and sends the hooks
  /// that changed since the last pass: every `willEnterWorkingRange`, then
  /// every `didExitWorkingRange`, as IGListKit does. A hook that scrolls or
  /// changes the size asks for another pass, run before returning.
  ///
  /// - Complexity: O(1) while the range is off; otherwise O(*r*) for the
  ///   *r* items in range, plus the hooks.
  func updateWorkingRange() {
    guard workingRange.isActive, workingRange.begin() else { return }
    repeat {
      let changes = workingRange.nextPass(inRange: controllersInWorkingRange())
      for controller in changes.entering where !controller.isInWorkingRange {
        guard controllers.isLive(controller) else { continue }
        workingRange.enter(controller)
        controller.send(.willEnterWorkingRange, nil)
      }
      for controller in changes.exiting where controller.isInWorkingRange {
        workingRange.exit(controller)
        controller.send(.didExitWorkingRange, nil)
      }
    } while workingRange.endPass()
  }

  /// The controllers of the items from `workingRangeSize` before the first
  /// visible item to as many after the last, in order; none when the range
  /// is off or nothing is visible.
  private func controllersInWorkingRange() -> [AnyListCellController] {
    let size = workingRange.size
    guard size > 0, list.count > 0 else { return [] }
    // Ascending. A pinned header is visible far from where the layout puts
    // its item, so the edges of the viewport come from the items the layout
    // puts there: a header pinned over row 100,000 must not bring the
    // 100,000 rows between into range. Pinned items in view join on their own.
    let visible = collectionView.indexPathsForVisibleItems.map(\.item)
    let placed = collectionView.indexPathsForItemsLaidOut(in: collectionView.bounds).map(\.item)
    guard let first = placed.first ?? visible.first, let last = placed.last ?? visible.last, first >= 0,
      last < list.count
    else { return [] }
    // Compared before adding, so that a huge size cannot overflow.
    let lower = first > size ? first - size : 0
    let upper = list.count - 1 - last > size ? last + size : list.count - 1
    let before = visible.filter { $0 >= 0 && $0 < lower }
    let after = visible.filter { $0 > upper && $0 < list.count }
    // Places shown; during a drag the list's order differs from them.
    return (before + Array(lower...upper) + after).map { controller(at: listIndex(ofShown: $0)) }
  }

  /// A deleted item's controller leaves the range now if it is still in it
  /// (the batch that deleted it was replaced by a reload, whose layout pass
  /// did not see it go).
  func retireFromWorkingRange(_ controller: AnyListCellController) {
    workingRange.forget(controller)
    guard controller.isInWorkingRange else { return }
    workingRange.exit(controller)
    controller.send(.didExitWorkingRange, nil)
  }
}

import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// The working range (IGListKit's) as a feature of the data source's
/// lifecycle: after every layout pass, controllers of items near the
/// viewport hear `willEnterWorkingRange` and `didExitWorkingRange`; a
/// deleted item's controller leaves the range before it leaves the list.
/// The state is `WorkingRangeTracker`, changed only here (see it for the
/// rules).
@MainActor
final class WorkingRangeFeature: ListFeature {
  private unowned let dataSource: ListDiffDataSource
  /// The size of the range and its members.
  private(set) var tracker = WorkingRangeTracker()

  init(_ dataSource: ListDiffDataSource) {
    self.dataSource = dataSource
  }

  /// Sets ``ListDiffDataSource/workingRangeSize`` (not negative) and
  /// derives the range at once.
  func setSize(_ size: Int) {
    tracker.setSize(size)
    dataSource.callingOut { update() }
  }

  /// Breaks a rule of the tracker on purpose (the tests of the checks): a
  /// live controller is flagged in the range without being a member.
  func plantFlagWithoutMembership() {
    guard let controller = dataSource.controllers.all.first else { return }
    tracker.enter(controller)
    tracker.forget(controller)
  }

  // MARK: Lifecycle

  func didLayout() {
    update()
  }

  /// A deleted item's controller leaves the range now if it is still in it
  /// (the batch that deleted it was replaced by a reload, whose layout pass
  /// did not see it go).
  func controllerWillLeave(_ controller: AnyListCellController) {
    tracker.forget(controller)
    guard controller.isInWorkingRange else { return }
    tracker.exit(controller)
    controller.send(.didExitWorkingRange, nil)
  }

  func invariantViolations() -> [InvariantViolation] {
    tracker.invariantViolations(in: dataSource)
  }

  // MARK: Deriving the range

  /// Derives the working range from the items on screen and sends the hooks
  /// that changed since the last pass: every `willEnterWorkingRange`, then
  /// every `didExitWorkingRange`, as IGListKit does. A hook that scrolls or
  /// changes the size asks for another pass, run before returning.
  ///
  /// - Complexity: O(1) while the range is off; otherwise O(*r*) for the
  ///   *r* items in range, plus the hooks.
  private func update() {
    guard tracker.isActive, tracker.begin() else { return }
    repeat {
      let changes = tracker.nextPass(inRange: controllersInRange())
      for controller in changes.entering where !controller.isInWorkingRange {
        guard dataSource.controllers.isLive(controller) else { continue }
        tracker.enter(controller)
        controller.send(.willEnterWorkingRange, nil)
      }
      for controller in changes.exiting where controller.isInWorkingRange {
        tracker.exit(controller)
        controller.send(.didExitWorkingRange, nil)
      }
    } while tracker.endPass()
  }

  /// The controllers of the items from `workingRangeSize` before the first
  /// visible item to as many after the last, in order; none when the range
  /// is off or nothing is visible.
  private func controllersInRange() -> [AnyListCellController] {
    let size = tracker.size
    let count = dataSource.list.count
    guard size > 0, count > 0 else { return [] }
    let collectionView = dataSource.collectionView
    // Ascending. A pinned header is visible far from where the layout puts
    // its item, so the edges of the viewport come from the items the layout
    // puts there: a header pinned over row 100,000 must not bring the
    // 100,000 rows between into range. Pinned items in view join on their own.
    let visible = collectionView.indexPathsForVisibleItems.map(\.item)
    let placed = collectionView.indexPathsForItemsLaidOut(in: collectionView.bounds).map(\.item)
    guard let first = placed.first ?? visible.first, let last = placed.last ?? visible.last, first >= 0,
      last < count
    else { return [] }
    // Compared before adding, so that a huge size cannot overflow.
    let lower = first > size ? first - size : 0
    let upper = count - 1 - last > size ? last + size : count - 1
    let before = visible.filter { $0 >= 0 && $0 < lower }
    let after = visible.filter { $0 > upper && $0 < count }
    // Places shown; during a drag the list's order differs from them.
    return (before + Array(lower...upper) + after).map { dataSource.controller(at: dataSource.listIndex(ofShown: $0)) }
  }
}

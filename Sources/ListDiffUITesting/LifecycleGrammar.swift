import ListDiffUI

/// The callbacks of one controller as DESIGN's "Lifecycle, precisely"
/// states them, checked one callback at a time. Not API: `fuzzList` and the
/// library's own random tests check every controller with it.
///
/// Per mount: `configureCell cellDidLayoutSubviews didMount`, then any of
/// (`configureCell` immediately followed by `cellDidLayoutSubviews`, a lone
/// `cellDidLayoutSubviews`, `didUpdateViewModel`, `didSelect`, properly
/// nested appearance), then `willUnmount` once nothing is appeared. Every
/// callback given a cell is on the mounted cell. The working range's two
/// callbacks alternate, entering first, independently of mounting.
package struct LifecycleGrammar {
  package typealias Event = ListLifecycleEvent

  private enum Stage {
    case unmounted, configured, laidOut, mounted
  }

  private var stage = Stage.unmounted
  /// The cell being mounted or mounted, when callbacks name their cells.
  package private(set) var cell: ListCell?
  /// 0: not appeared, 1: appeared, 2: fully appeared.
  package private(set) var appearance = 0
  /// Between `willEnterWorkingRange` and `didExitWorkingRange`.
  package private(set) var isInWorkingRange = false
  /// A `configureCell` on the mounted cell waits for its layout.
  private var layoutOwed = false

  package init() {}

  /// Whether a cell is mounted (after `didMount`, before `willUnmount`).
  package var isMounted: Bool { stage == .mounted }
  /// Whether no cell is mounted or being mounted.
  package var isUnmounted: Bool { stage == .unmounted }

  /// Takes `event`, sent with `eventCell` (nil when the caller does not
  /// know the cell: then any cell counts as the mounted one); returns a
  /// description of the rule it breaks, or nil.
  ///
  /// With `layoutMayGiveWay`, the layout a `configureCell` owes may give way
  /// to the disappearance callbacks and `willUnmount` (a known defect the
  /// library's random test tolerates).
  ///
  /// - Complexity: O(1).
  package mutating func accept(
    _ event: Event, cell eventCell: ListCell? = nil, layoutMayGiveWay: Bool = false
  ) -> String? {
    switch event {
    case .willEnterWorkingRange, .didExitWorkingRange:
      let entering = event == .willEnterWorkingRange
      guard entering != isInWorkingRange else {
        return entering ? "willEnterWorkingRange twice" : "didExitWorkingRange without willEnterWorkingRange"
      }
      isInWorkingRange = entering
      return nil
    default:
      break
    }
    let givesWay = [.willPartiallyDisappear, .willDisappear, .willUnmount].contains(event)
    if layoutOwed && event != .cellDidLayoutSubviews && !(layoutMayGiveWay && givesWay) {
      return "\(event) after configureCell before its cellDidLayoutSubviews"
    }
    let sameCell = eventCell == nil || cell == nil || eventCell === cell
    switch (event, stage) {
    case (.configureCell, .unmounted):
      stage = .configured
      cell = eventCell
    case (.configureCell, .mounted) where sameCell:
      layoutOwed = true
    case (.cellDidLayoutSubviews, .configured) where sameCell:
      stage = .laidOut
    case (.cellDidLayoutSubviews, .mounted) where sameCell:
      layoutOwed = false
    case (.didMount, .laidOut) where sameCell:
      stage = .mounted
    case (.willUnmount, .mounted) where sameCell && appearance == 0:
      stage = .unmounted
      cell = nil
      layoutOwed = false
    case (.didAppear, .mounted) where sameCell && appearance == 0:
      appearance = 1
    case (.didFullyAppear, .mounted) where sameCell && appearance == 1:
      appearance = 2
    case (.willPartiallyDisappear, .mounted) where sameCell && appearance == 2:
      appearance = 1
    case (.willDisappear, .mounted) where sameCell && appearance == 1:
      appearance = 0
    case (.didUpdateViewModel, .unmounted), (.didUpdateViewModel, .mounted):
      break
    // A caller that names cells names the one selected.
    case (.didSelect, .mounted) where sameCell && (eventCell != nil || cell == nil):
      break
    default:
      return "\(event) in stage \(stage) (appearance \(appearance)"
        + (sameCell ? ")" : ", on a cell other than the mounted one)")
    }
    return nil
  }

  /// What a controller whose item is gone has not finished: nil when it
  /// is unmounted, disappeared and out of the working range.
  ///
  /// - Complexity: O(1).
  package var unfinished: String? {
    if !isUnmounted { return "still mounted (no willUnmount)" }
    if appearance != 0 { return "still appeared (no willDisappear)" }
    if isInWorkingRange { return "still in the working range (no didExitWorkingRange)" }
    return nil
  }
}

import HeadlessCollection

/// What the tests and the benchmark hook into a data source, kept by it:
/// observers it calls and settings it reads, reached from outside through
/// `ListDiffInspection`. Nothing in it changes what the data source does;
/// it costs nothing while nobody sets its hooks.
@MainActor
final class InspectionHooks {
  /// Hears every callback a controller is about to receive, in order:
  /// what ListDiffUITesting's lifecycle recorder is built on. Read at every
  /// callback, so unchecked for exclusivity: it is only read, whole, or
  /// set, whole, and no access to it lasts while it runs.
  @exclusivity(unchecked) var lifecycleObserver: (@MainActor (AnyListCellController, ListLifecycleEvent) -> Void)?
  /// Hears how many items changed inside a list nested in this one (a
  /// carousel's or a grid's root: its inserts, deletes, moves and
  /// updates; a grid re-flowed: its items sized again), so that
  /// `fuzzList` can bound a step's work by what it changed.
  var nestedChangeObserver: (@MainActor (Int) -> Void)?
  /// Hears every accessibility notification the list posts (besides the
  /// app's handler): `ListScreen.accessibilityNotifications`.
  var accessibilityNotificationObserver: (@MainActor (ListAccessibilityNotification) -> Void)?
  /// The average number of items per section from which corresponding
  /// sections are diffed one by one rather than as whole lists (see
  /// `FlatList.prefersLeafwiseDiff(over:minimumAverageLeafCount:)`; 0:
  /// always): the tests and the benchmark lower it so that small sections
  /// take that way too; both ways give the same result.
  var minimumAverageLeafCountForLeafwiseDiff = FlatList.defaultMinimumAverageLeafCount
  /// Whether the controllers whose view state the app set are recorded
  /// (`controllersWithUpdatedViewState`): `fuzzList` turns it on to carry
  /// view states over to the screen it compares with.
  var recordsViewStates = false
  /// The controllers whose view state was set while recording, weakly,
  /// each with what gives another controller that state.
  private var viewStatesSet: [ObjectIdentifier: RecordedViewState] = [:]

  init() {}

  /// `controller`'s view state was set (`updateState`); `copy` gives
  /// another controller of its class the same state.
  ///
  /// - Complexity: O(1) expected; nothing (`copy` is not even made) while
  ///   not recording.
  func noteViewStateSet(
    _ controller: AnyListCellController, _ copy: @autoclosure () -> @MainActor (AnyListCellController) -> Void
  ) {
    guard recordsViewStates else { return }
    viewStatesSet[ObjectIdentifier(controller)] = RecordedViewState(controller: controller, copy: copy())
  }

  /// The recorded controllers still alive.
  var controllersWithUpdatedViewState: [AnyListCellController] {
    viewStatesSet.values.compactMap(\.controller)
  }

  /// Gives `target` the view state last recorded for `source`, when both
  /// are of one controller class; does nothing otherwise.
  func copyViewState(of source: AnyListCellController, to target: AnyListCellController) {
    viewStatesSet[ObjectIdentifier(source)]?.copy(target)
  }
}

/// A view state set while recording: its controller, held weakly, and
/// what gives another controller the state.
private struct RecordedViewState {
  weak var controller: AnyListCellController?
  let copy: @MainActor (AnyListCellController) -> Void
}

import HeadlessCollection

/// Where a drag took its item: from `original` to `to` (indexes of the
/// list shown, which does not change during a drag), into `destination`
/// (a leaf index of that list).
struct DragPlacement: Equatable {
  var original: Int
  var to: Int
  var destination: MoveDestination
  /// The generation of the list shown (`ShownList.generation`) when it was
  /// computed: its indexes mean nothing in another list.
  var listGeneration: Int
}

/// What moving items by hand keeps: where the drag under way last took its
/// item, how many drops have changed the list shown, and the items
/// dropped while a root was being prepared in the background.
///
/// Invariants:
/// - the placement is read only while its `listGeneration` is the list's
///   (see `placement(forGeneration:)`): one computed on a list a root
///   replaced mid-drag is never used;
/// - `movedWhilePreparing` is empty whenever no root is being prepared
///   (appended only then, emptied when that root is applied).
struct DragSession {
  /// Where the drag under way last took its item (set by the target hook):
  /// which section it joins at that place, which the index alone does not
  /// tell. Read when the drag ends; replaced when the next drag begins.
  private var placement: DragPlacement?
  /// How many drops have changed the list shown: a root prepared in the
  /// background against an older count is diffed again against the list
  /// shown before it is applied.
  private(set) var dropCount = 0
  /// The items dropped while a root was being prepared in the background,
  /// as their keys after the move: that root was set before the drop, and
  /// deleting one of them is reported.
  private(set) var movedWhilePreparing: [ListItemKey] = []

  /// The placement, if it was computed on the list of `generation`.
  ///
  /// - Complexity: O(1).
  func placement(forGeneration generation: Int) -> DragPlacement? {
    guard let placement, placement.listGeneration == generation else { return nil }
    return placement
  }

  /// Records where the drag took its item.
  mutating func place(_ placement: DragPlacement?) {
    self.placement = placement
  }

  /// An item was dropped, under `key`; `whilePreparing` when a root is
  /// being prepared in the background.
  mutating func dropped(_ key: ListItemKey, whilePreparing: Bool) {
    placement = nil
    dropCount += 1
    if whilePreparing { movedWhilePreparing.append(key) }
  }

  /// Takes the items dropped while the root now applied was prepared.
  mutating func takeMovedWhilePreparing() -> [ListItemKey] {
    defer { movedWhilePreparing = [] }
    return movedWhilePreparing
  }

  /// Breaks the second invariant on purpose, for the tests of the checks.
  mutating func plantMove(_ key: ListItemKey) {
    movedWhilePreparing.append(key)
  }
}

extension DragSession: DataSourcePart {
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("DragSession")
    check.expect(
      movedWhilePreparing.isEmpty || dataSource.scheduler.phase == .preparing,
      "moves are kept only while a root is prepared")
    if let placement {
      check.expect(
        placement.listGeneration != dataSource.shown.generation || placement.to < dataSource.list.count,
        "a placement on the list shown is within it")
    }
    return check.violations
  }
}

/// Moving items by hand (``AnyListCellController/canMove``) as a feature of
/// the data source's lifecycle: a drop into another section renames the
/// item for every feature that keeps it by identity. The behaviour — which
/// items may move, where a drag is steered, what a drop does — is the data
/// source's moving extension beside this file; the state is `DragSession`,
/// changed only here.
@MainActor
final class MovingFeature: ListFeature {
  private unowned let dataSource: ListDiffDataSource
  /// The drag under way and the drops so far.
  private(set) var session = DragSession()
  /// See ``ListDiffDataSource/moveHandler``.
  var moveHandler: (@MainActor (ListItemMove) -> Void)?
  /// See ``ListDiffDataSource/allowsMovingBetweenSections``.
  var allowsMovingBetweenSections = false

  init(_ dataSource: ListDiffDataSource) {
    self.dataSource = dataSource
  }

  /// See `DragSession.dropCount`.
  var dropCount: Int { session.dropCount }

  /// The drag's placement, if it was computed on the list shown now; nil
  /// otherwise. Every read of a placement goes through here, so that no
  /// index of another list (one a root replaced mid-drag) reads this one.
  ///
  /// - Complexity: O(1).
  var currentPlacement: DragPlacement? {
    session.placement(forGeneration: dataSource.shown.generation)
  }

  /// Records where the drag took its item (nil: forgets it).
  func place(_ placement: DragPlacement?) {
    session.place(placement)
  }

  /// An item was dropped under `key`.
  func dropped(_ key: ListItemKey) {
    session.dropped(key, whilePreparing: dataSource.scheduler.phase == .preparing)
  }

  /// Takes the items dropped while the root now applied was prepared.
  func takeMovedWhilePreparing() -> [ListItemKey] {
    session.takeMovedWhilePreparing()
  }

  /// Breaks a rule of the session on purpose (the tests of the checks).
  func plantMoveKeptBetweenRoots() {
    guard dataSource.list.count > 0 else { return }
    session.plantMove(dataSource.list.key(at: 0))
  }

  func invariantViolations() -> [InvariantViolation] {
    session.invariantViolations(in: dataSource)
  }
}

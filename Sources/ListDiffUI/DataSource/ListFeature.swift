import HeadlessCollection
import ListDiff

/// A feature of the data source — selection and focus, type-to-select,
/// outlines, nested lists, loading more, the working range, moving by hand —
/// as the data source's one lifecycle sees it: what it adds to a root
/// before it is flattened, what it does once a root is applied, after a
/// layout pass and once a layout has finished, which keys it takes, what
/// it does when an item leaves the list or changes section, and its
/// invariants.
///
/// The data source's core (roots, controllers, cells) calls every
/// registered feature at each of these points, in `ListFeatures.all`'s
/// order, and names none of them: a feature is its folder — its part, its
/// `ListFeature` and the public API it adds to ``ListDiffDataSource`` — and
/// one line in `ListFeatures`. IGListKit attaches behaviour per section
/// controller; here it is attached per list, since ours are per list.
///
/// Each feature owns its state as `private(set)` parts, changed only by
/// its own transitions; a hook runs on the main actor and may call out to
/// user code (through the data source's `callingOut`), so it changes its
/// part before or after a call-out, never across one. Every hook has a
/// default that does nothing.
@MainActor
protocol ListFeature: AnyObject {
  /// Adds what flattening and applying the next root need of this
  /// feature, when its update begins (on the main actor, before the root
  /// may be flattened on a background task): rows to frame it with,
  /// outline rows to expand, an anchoring to apply it under.
  func prepare(_ root: inout RootContext)

  /// A root was applied (its batch done, the collection laid out), before
  /// the update handler and the root's completions.
  func rootDidApply(_ root: AppliedRoot)

  /// A layout pass of the collection view ended: derive what follows the
  /// cells on screen. Runs inside the pass's callback, after appearance.
  func didLayout()

  /// The collection view finished a layout (outside any pass): the
  /// collection may be changed again.
  func layoutDidFinish()

  /// Handles `key` if it is this feature's; whether it did. Features are
  /// asked in turn until one takes it.
  func handleKey(_ key: ListKey) -> Bool

  /// A key reaches the list, before any feature is asked to handle it.
  func keyWillBeHandled(_ key: ListKey)

  /// The item `old` names was moved by hand into another section, where
  /// `new` names it (same item, same controller).
  func itemDidChangeSection(from old: ListItemID, to new: ListItemID)

  /// `controller`'s item was deleted: it leaves after its disappearance
  /// callbacks, before `didLeaveList`.
  func controllerWillLeave(_ controller: AnyListCellController)

  /// What of this feature's invariants is broken, empty when all hold.
  func invariantViolations() -> [InvariantViolation]
}

extension ListFeature {
  func prepare(_ root: inout RootContext) {}
  func rootDidApply(_ root: AppliedRoot) {}
  func didLayout() {}
  func layoutDidFinish() {}
  func handleKey(_ key: ListKey) -> Bool { false }
  func keyWillBeHandled(_ key: ListKey) {}
  func itemDidChangeSection(from old: ListItemID, to new: ListItemID) {}
  func controllerWillLeave(_ controller: AnyListCellController) {}
  func invariantViolations() -> [InvariantViolation] { [] }
}

/// The features of one data source, each made once with it: named, for
/// the public API each adds, and in `all`, the order the lifecycle calls
/// them in. Registering a feature is one line here.
///
/// The order matters where two features meet: a focused carousel or grid
/// takes the arrow keys before the list's focus moves do (nested lists
/// first); a root's deleted selection is handed on before the outlines
/// tell their handler (interaction before outlines); loading more looks
/// at the rows after both.
///
/// A class: the data source reads a feature at every cell it mounts and
/// every count of work, and a copy of this value (one retain and release
/// per feature) cost more than the reads themselves.
@MainActor
final class ListFeatures {
  let nestedLists: NestedListsFeature
  let interaction: InteractionFeature
  let outlines: OutlinesFeature
  let typeSelect: TypeSelectFeature
  let loadingMore: LoadingMoreFeature
  let workingRange: WorkingRangeFeature
  let moving: MovingFeature
  let accessibility: AccessibilityFeature
  /// Every feature, in the order the lifecycle calls them.
  let all: [any ListFeature]

  /// The features of `dataSource`, which they refer to unowned (it owns
  /// them).
  init(_ dataSource: ListDiffDataSource) {
    nestedLists = NestedListsFeature(dataSource)
    interaction = InteractionFeature(dataSource)
    outlines = OutlinesFeature(dataSource)
    typeSelect = TypeSelectFeature(dataSource)
    loadingMore = LoadingMoreFeature(dataSource)
    workingRange = WorkingRangeFeature(dataSource)
    moving = MovingFeature(dataSource)
    accessibility = AccessibilityFeature(dataSource)
    all = [nestedLists, interaction, outlines, typeSelect, loadingMore, workingRange, moving, accessibility]
  }
}

/// What a root's update carries from the moment it begins to the moment
/// it is applied: the root as the app set it and as the features framed
/// it, and what each feature asked for it. A value, so that flattening
/// off the main actor reads no feature's state.
struct RootContext: Sendable {
  /// The root to flatten: the app's, framed by the features (loading
  /// rows at its edges).
  var root: Section?
  /// The outline rows to show expanded, by identity.
  var expanded: Set<ListItemID> = []
  /// The anchoring the collection view applies the root under, when a
  /// feature needs one other than the list's own (loading at the top
  /// keeps the reader's place).
  var anchoring: ContentAnchoring?
  /// Whether flattening and diffing are timed (a performance handler is set).
  var timed = false
  /// See `ListDiffDataSource.Inspection.minimumAverageLeafCountForLeafwiseDiff`.
  var minimumAverageLeafCount = FlatList.defaultMinimumAverageLeafCount

  /// The context of `root`, before any feature adds to it.
  init(root: Section?) {
    self.root = root
  }
}

/// A root just applied, as `ListFeature.rootDidApply(_:)` sees it.
struct AppliedRoot {
  /// The list the root replaced.
  let old: FlatList
  /// The list shown now.
  let new: FlatList
  /// The diff from `old` to `new`, as applied (a reload applies it too).
  let changes: _DiffChanges
  /// What the root's update carried.
  let context: RootContext

  /// How many items the root inserted, deleted, moved and updated.
  var changeCount: Int {
    changes.inserts.count + changes.deletes.count + changes.moves.count + changes.updates.count
  }
}

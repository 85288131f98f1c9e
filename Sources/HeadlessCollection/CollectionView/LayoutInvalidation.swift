import Foundation

/// What the next layout pass owes, and the bookkeeping of the passes
/// themselves: the flags every change sets instead of laying out at once,
/// so that many changes cost one pass, and the guards that keep passes and
/// measurements from nesting.
///
/// Invariants:
/// - every pending invalidation names an item of the collection (a batch
///   remaps them with the items, a reload or a full placement drops them),
///   so that the pass never asks the size of an item that is gone;
/// - a reported estimate is one that cannot be used: it is remembered only
///   so that the same unusable ``CollectionViewFlowLayout/estimatedItemSize``
///   is reported once, and a usable one is never reported.
struct LayoutInvalidation {
  /// The data source must be asked for everything again.
  private(set) var needsReload = true
  /// Every size must be asked again and every item placed again.
  private(set) var needsFullLayout = true
  /// Items (global indexes) whose sizes must be asked again at the next
  /// pass, in the order invalidated, repeats allowed.
  private(set) var pendingInvalidations: [Int] = []
  /// The visible items must be worked out again.
  private(set) var needsLayout = true
  /// A visible cell asked for `layoutSubviews`.
  private(set) var cellsNeedLayout = false
  /// The layout generation the placement reflects; -1 for none.
  private(set) var seenLayoutGeneration = -1
  /// Whether a layout pass is running; passes do not nest.
  private(set) var isInLayoutPass = false
  /// Whether the delegate is being asked for sizes or section metrics, when
  /// the items are between two placements and a batch must wait.
  private(set) var isMeasuring = false
  /// The last unusable estimate reported, so that each is reported once.
  private(set) var reportedEstimate: CGSize?
  /// How many layouts stopped at ``CollectionView/maximumLayoutPasses``
  /// without settling (each reported as a misuse).
  private(set) var unsettledLayoutCount = 0

  // MARK: Requests

  /// Asks the next pass to load everything from the data source again.
  ///
  /// - Complexity: O(1).
  mutating func setNeedsReload() { needsReload = true }

  /// Asks the next pass to ask every size and section metric and place
  /// every item again.
  ///
  /// - Complexity: O(1).
  mutating func setNeedsFullLayout() { needsFullLayout = true }

  /// Asks the next pass to work out the visible items again.
  ///
  /// - Complexity: O(1).
  mutating func setNeedsLayout() { needsLayout = true }

  /// Notes that a visible cell asked for `layoutSubviews`.
  ///
  /// - Complexity: O(1).
  mutating func setCellsNeedLayout() { cellsNeedLayout = true }

  /// Forgets the layout generation placed, so that the next pass places
  /// everything for a layout object that changed or was replaced.
  ///
  /// - Complexity: O(1).
  mutating func layoutObjectChanged() { seenLayoutGeneration = -1 }

  /// Asks the next pass to ask the sizes of `items` (global indexes) again.
  ///
  /// - Complexity: O(*k*) amortized for *k* items.
  mutating func invalidateSizes(of items: [Int]) { pendingInvalidations += items }

  // MARK: The passes

  /// Takes the items whose sizes are due, ascending and each once, leaving
  /// none pending.
  ///
  /// - Complexity: O(*k* log *k*) for *k* pending invalidations.
  mutating func takeInvalidatedItems() -> [Int] {
    defer { pendingInvalidations = [] }
    return Array(Set(pendingInvalidations)).sorted()
  }

  /// Notes that every item is being sized and placed for layout generation
  /// `generation`: a reload, a full layout and the pending size requests
  /// are all answered by it.
  ///
  /// - Complexity: O(1), plus releasing the pending invalidations.
  mutating func beginPlacingEverything(generation: Int) {
    needsReload = false
    needsFullLayout = false
    pendingInvalidations = []
    seenLayoutGeneration = generation
  }

  /// Starts a layout, unless one is running: false then, and the running
  /// one picks the change up.
  ///
  /// - Complexity: O(1).
  mutating func beginLayout() -> Bool {
    guard !isInLayoutPass else { return false }
    isInLayoutPass = true
    return true
  }

  /// Ends the layout ``beginLayout()`` started.
  ///
  /// - Complexity: O(1).
  mutating func endLayout() { isInLayoutPass = false }

  /// Starts one pass: what it owes is being done, and a callback that
  /// changes the collection sets the flags again for the next pass.
  ///
  /// - Complexity: O(1).
  mutating func beginPass() {
    needsLayout = false
    cellsNeedLayout = false
  }

  /// Forgets the cells' requests for layout: the pass has just laid out
  /// every visible cell, or a layout that did not settle gives up on
  /// cells that ask again and again.
  ///
  /// - Complexity: O(1).
  mutating func clearCellLayoutRequests() { cellsNeedLayout = false }

  /// Notes a layout that stopped without settling.
  ///
  /// - Complexity: O(1).
  mutating func noteUnsettledLayout() { unsettledLayoutCount += 1 }

  /// Starts asking the delegate for sizes or metrics and returns whether
  /// that was already under way, for ``endMeasuring(restoring:)``. Not a
  /// method taking the work as a closure: the delegate calls back into the
  /// collection, which must be free to change this part meanwhile.
  ///
  /// - Complexity: O(1).
  mutating func beginMeasuring() -> Bool {
    defer { isMeasuring = true }
    return isMeasuring
  }

  /// Ends what ``beginMeasuring()`` started, back to `wasMeasuring`.
  ///
  /// - Complexity: O(1).
  mutating func endMeasuring(restoring wasMeasuring: Bool) { isMeasuring = wasMeasuring }

  /// Remembers `estimate`, an unusable estimated size, and says whether
  /// it differs from the last one reported (NaN equal to NaN), that is,
  /// whether to report it.
  ///
  /// - Complexity: O(1).
  mutating func noteUnusableEstimate(_ estimate: CGSize) -> Bool {
    if let reported = reportedEstimate,
      SafeGeometry.same(reported.width, estimate.width) && SafeGeometry.same(reported.height, estimate.height)
    {
      return false
    }
    reportedEstimate = estimate
    return true
  }

  // MARK: Batches

  /// Follows the pending invalidations (made from a callback, still waiting
  /// for a pass) to their items' new indexes; those of deleted items go.
  ///
  /// - Complexity: O(*k* log *c*) for *k* pending invalidations and *c*
  ///   changes.
  mutating func remap(through remap: ItemRemap) {
    pendingInvalidations = pendingInvalidations.compactMap { remap.newIndex(of: $0) }
  }
}

extension LayoutInvalidation {
  /// Whether a size is usable as an estimate: what
  /// ``CollectionView/activeEstimate`` accepts.
  ///
  /// - Complexity: O(1).
  static func isUsableEstimate(_ estimate: CGSize) -> Bool {
    estimate.width > 0 && estimate.width <= SafeGeometry.limit && estimate.height > 0
      && estimate.height <= SafeGeometry.limit
  }

  /// The rules written on the type, against a collection of `itemCount`
  /// items.
  ///
  /// - Complexity: O(*k*) for *k* pending invalidations.
  func invariantViolations(itemCount: Int) -> [InvariantViolation] {
    var check = InvariantChecker("LayoutInvalidation")
    check.expect(
      pendingInvalidations.allSatisfy { (0..<itemCount).contains($0) }, "every pending invalidation names an item")
    check.expect(
      reportedEstimate.map { !Self.isUsableEstimate($0) } ?? true, "a reported estimate is one that cannot be used")
    return check.violations
  }
}

import ListDiffUI

/// Where an item on a fuzzed screen came from: the step after which it
/// appeared (by the step's id; -1 for the first root) and its place among
/// the items that appeared then, in list order.
package struct FuzzOrigin: Hashable, Sendable {
  package var step: Int
  package var ordinal: Int

  package init(step: Int, ordinal: Int) {
    self.step = step
    self.ordinal = ordinal
  }
}

/// The origin of every item a fuzz run shows, so that a gesture can name
/// "the item that step 300 added" rather than its identifier.
///
/// Why: identifiers often come from a counter in the model (`m\(nextID)`).
/// Removing an earlier step while shrinking then renames every later item,
/// and a gesture naming `m37` would tap another item, or none. A shrinking
/// replay instead taps the item born of the same step, whatever it is
/// called now, and the report names it as it is called in that replay.
///
/// Invariant: `originOf` holds exactly the items shown when last noted;
/// `bornIn[step][ordinal]` is the item whose origin is `(step, ordinal)`.
struct FuzzItemOrigins {
  private var originOf: [ListItemID: FuzzOrigin] = [:]
  private var bornIn: [Int: [ListItemID]] = [:]

  /// Notes the items shown after step `step`: those not shown before were
  /// born of it (appended to those a step of the same id already bore, as
  /// the parts of a split burst share their burst's id).
  ///
  /// - Complexity: O(*n*) for *n* items.
  mutating func note(_ items: [ListItemID], afterStep step: Int) {
    var shown = Set<ListItemID>(minimumCapacity: items.count)
    for item in items where shown.insert(item).inserted && originOf[item] == nil {
      originOf[item] = FuzzOrigin(step: step, ordinal: bornIn[step, default: []].count)
      bornIn[step, default: []].append(item)
    }
    if originOf.count > shown.count { originOf = originOf.filter { shown.contains($0.key) } }
  }

  /// Where `item`, shown now, came from.
  ///
  /// - Complexity: O(1) expected.
  func origin(of item: ListItemID) -> FuzzOrigin? {
    originOf[item]
  }

  /// The item born of `origin` in this run, if that step bore as many.
  ///
  /// - Complexity: O(1) expected.
  func item(bornOf origin: FuzzOrigin) -> ListItemID? {
    guard let born = bornIn[origin.step], born.indices.contains(origin.ordinal) else { return nil }
    return born[origin.ordinal]
  }
}

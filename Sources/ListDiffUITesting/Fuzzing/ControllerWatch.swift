import ListDiffUI

/// Every controller a fuzzed screen's data source created, held weakly,
/// each with its callbacks checked against ``LifecycleGrammar`` as they
/// arrive: the `lifecycle` and `outlives its item` checks of `fuzzList`.
///
/// Invariant: `entries` holds one entry per controller heard from that
/// either is still alive or has not yet been judged after it went.
@MainActor
final class ControllerWatch {
  @MainActor
  private final class Entry {
    weak var controller: AnyListCellController?
    let item: String
    var grammar = LifecycleGrammar()

    init(_ controller: AnyListCellController) {
      self.controller = controller
      let id = ListDiffInspection.itemID(of: controller) ?? ListItemID(identifier: "")
      item = "`\(id.identifier)`" + (id.sectionPath.isEmpty ? "" : " in \(id.sectionPath.joined(separator: "/"))")
    }
  }

  private var entries: [ObjectIdentifier: Entry] = [:]
  /// The first callback that broke the grammar since the last `verdict`.
  private var broken: String?

  /// Checks `event` against the grammar of `controller`'s callbacks so far.
  ///
  /// - Complexity: O(1) expected.
  func heard(_ event: ListLifecycleEvent, by controller: AnyListCellController) {
    let key = ObjectIdentifier(controller)
    let entry: Entry
    if let known = entries[key], known.controller === controller {
      entry = known
    } else {
      entry = Entry(controller)
      entries[key] = entry
    }
    if let problem = entry.grammar.accept(event), broken == nil {
      broken = "the controller of \(entry.item) heard \(problem)"
    }
  }

  /// What went wrong since the last call: a callback out of order
  /// (`lifecycle`); with `judgingAll`, also a controller released
  /// unfinished (`lifecycle`) or one still alive although `isLive` says its
  /// item is gone (`outlives its item`), forgetting controllers that are
  /// gone and finished.
  ///
  /// - Complexity: O(1); judging all, O(*c*) in the controllers alive or
  ///   unjudged.
  func verdict(judgingAll: Bool, isLive: (AnyListCellController) -> Bool) -> (check: FuzzCheck, message: String)? {
    if let broken {
      self.broken = nil
      return (.lifecycle, broken)
    }
    guard judgingAll else { return nil }
    var outliving: [String] = []
    var unfinished: (String, String)?
    for (key, entry) in entries {
      if let controller = entry.controller {
        if !isLive(controller) { outliving.append(entry.item) }
        continue
      }
      if let problem = entry.grammar.unfinished, unfinished.map({ (entry.item, problem) < $0 }) ?? true {
        unfinished = (entry.item, problem)
      }
      entries[key] = nil
    }
    if let (item, problem) = unfinished {
      return (.lifecycle, "the controller of \(item) was released \(problem)")
    }
    if let item = outliving.min() {
      return (
        .outlivesItsItem,
        "the controller of \(item) is still alive after its item left the list: something outside the "
          + "data source keeps it (a closure capturing it, a global, a delegate held strongly)"
      )
    }
    return nil
  }
}

import ListDiffUI

/// Keeps, per controller, the callbacks it received, as the data source's
/// lifecycle observer reports them. Holds controllers weakly, so recording
/// never keeps a deleted item's controller alive.
@MainActor
final class LifecycleRecorder {
  /// One controller's record. A class so that the lookup table and the
  /// creation-ordered list share it.
  @MainActor
  final class Entry {
    weak var controller: AnyListCellController?
    let item: ListItemID
    var lines: [String] = []

    init(_ controller: AnyListCellController) {
      self.controller = controller
      item = ListDiffInspection.itemID(of: controller) ?? ListItemID(identifier: "")
    }
  }

  /// Every controller heard from, in the order it was first heard.
  private var entries: [Entry] = []
  /// The entry of each controller by identity. An identity whose entry has
  /// lost its controller belongs to a new object at the same address.
  private var entryByController: [ObjectIdentifier: Entry] = [:]

  /// Appends `event` to `controller`'s lines.
  ///
  /// - Complexity: O(1) expected.
  func record(_ event: ListLifecycleEvent, of controller: AnyListCellController) {
    let key = ObjectIdentifier(controller)
    if let entry = entryByController[key], entry.controller === controller {
      entry.lines.append(event.rawValue)
      return
    }
    let entry = Entry(controller)
    entry.lines.append(event.rawValue)
    entries.append(entry)
    entryByController[key] = entry
  }

  /// The lines of the newest controller with `identifier` whose sections
  /// match `sectionPath`; empty if none was heard from.
  ///
  /// - Complexity: O(*c*) in the number of controllers heard from.
  func lines(of identifier: String, sectionPath: [String]) -> [String] {
    entries.last {
      $0.item.identifier == identifier
        && ListDiffInspection.names($0.item.sectionPath, contain: sectionPath)
    }?.lines ?? []
  }

  /// Forgets every line; controllers heard from again start afresh.
  ///
  /// - Complexity: O(*c*).
  func reset() {
    entries = []
    entryByController = [:]
  }
}

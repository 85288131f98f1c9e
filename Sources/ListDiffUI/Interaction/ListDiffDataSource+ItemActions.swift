/// Item actions (UIKit's swipe actions): what a screen offers for an item
/// and runs when one is chosen.
extension ListDiffDataSource {
  /// The actions `item`'s controller offers at `edge`
  /// (``AnyListCellController/leadingActions()`` or
  /// ``AnyListCellController/trailingActions()``); none, with a note, for
  /// an identity of no shown item.
  ///
  /// - Complexity: O(*n*) at worst to find the item, plus the controller's work.
  public func actions(for item: ListItemID, edge: ListActionEdge) -> [ListItemAction] {
    guard let index = resolve(item, for: "actions") else { return [] }
    let controller = controller(at: index)
    return callingOut { edge == .leading ? controller.leadingActions() : controller.trailingActions() }
  }

  /// Runs the handler of the action titled `title` that `item`'s controller
  /// offers (its leading actions first, then its trailing ones), as a
  /// callback: a root the handler sets is applied when it returns, and a
  /// focus the root deletes passes to the neighbour. Returns whether an
  /// action ran; an identity of no shown item, or a title the item does
  /// not offer, runs nothing and is reported as a note.
  ///
  /// - Complexity: O(*n*) at worst to find the item, plus the handler's work.
  @discardableResult
  public func performAction(_ title: String, for item: ListItemID) -> Bool {
    guard let index = resolve(item, for: "performAction") else { return false }
    let id = itemID(at: index)
    let controller = controller(at: index)
    let offered = callingOut { controller.leadingActions() + controller.trailingActions() }
    guard let action = offered.first(where: { $0.title == title }) else {
      let titles = offered.map { "\"\($0.title)\"" }.joined(separator: ", ")
      ignore("performAction(\"\(title)\", \(id)): the item offers \(titles.isEmpty ? "no actions" : titles)", id)
      return false
    }
    callingOut { action.handler() }
    checkInvariants(after: "the action \"\(title)\"")
    return true
  }
}

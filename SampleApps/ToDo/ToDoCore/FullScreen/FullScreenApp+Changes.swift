/// Changes to the list, and undoing them: every change made from the keys
/// records the items as they were, so `u` can put back any number of them.
extension FullScreenApp {
  /// Makes a change to the selected item (if any) and records it for undo.
  func change(_ body: (ToDoStore, String) async throws(ToDoError) -> Void) async {
    guard let id = selectedID else { return }
    await change(of: id, body)
  }

  func change(of id: String, _ body: (ToDoStore, String) async throws(ToDoError) -> Void) async {
    await change(recording: true) { (store, _) throws(ToDoError) in
      try await body(store, id)
      return nil
    }
  }

  /// Runs `body` against the store; if it changed the items, records the
  /// items from before for undo. `body` may return an item to focus. A
  /// refusal (a bad title, a failed save) goes to the footer and changes
  /// nothing.
  func change(
    recording: Bool, _ body: (ToDoStore, String?) async throws(ToDoError) -> String?
  ) async {
    let before = shown.items
    let selectedBefore = selectedID
    do throws(ToDoError) {
      let newFocus = try await body(store, selectedID)
      await showLatest()
      if recording { history.record(before: before, after: shown.items, selectedID: selectedBefore) }
      if let newFocus, !screen.focus(id: newFocus) { message = "added, but the search or filter hides it" }
    } catch {
      message = error.fullScreenDescription
    }
  }

  func undo() async {
    guard let last = history.takeLast() else {
      message = "nothing to undo"
      return
    }
    do throws(ToDoError) {
      try await store.restore(last.items)
      await showLatest()
      if let id = last.selectedID { screen.focus(id: id) }
      message = history.message(again: "u")
    } catch {
      history.putBack(last)
      message = error.description
    }
  }
}

/// Changes to the list, and undoing them: every change made from the keys
/// records the items as they were, so `u` can put back any number of them.
extension FullScreenApp {
  /// Runs `body` against the store and waits for its result to show; if
  /// it changed the items, records them as they were, with the focused
  /// item, for undo. A refusal (a bad title, a failed save) goes to the
  /// footer and changes nothing. O(n) to record.
  func change(_ body: (ToDoStore) async throws(ToDoError) -> Void) async {
    let before = shown.items
    let focusedBefore = selectedID
    do throws(ToDoError) {
      try await body(store)
      await showLatest()
      history.record(before: before, after: shown.items, selectedID: focusedBefore)
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

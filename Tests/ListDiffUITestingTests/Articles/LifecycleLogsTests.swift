// The article Lifecycle logs and update records (Sources/ListDiffUITesting/ListDiffUITesting.docc/LifecycleLogs.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), which
// test what the article says.

import ListDiffUI
import ListDiffUITesting
import Testing

@Test @MainActor func aChangedQuantityReconfiguresInPlace() {
  let screen = ListScreen(width: 16, height: 3)
  let milk = Grocery(id: "milk", name: "milk", quantity: 1)
  screen.setRoot(grocerySection([milk]))
  #expect(screen.lifecycle(of: "milk") == [
    "configureCell", "cellDidLayoutSubviews", "didMount",
    "didAppear", "didFullyAppear",
  ])

  screen.resetRecords()
  var more = milk
  more.quantity = 2
  screen.setRoot(grocerySection([more]))
  #expect(screen.lifecycle(of: "milk") == [
    "didUpdateViewModel", "configureCell", "cellDidLayoutSubviews",
  ])
  #expect(screen.updates.count == 1)
  #expect(screen.updates[0].updates == [0])
}

@Test @MainActor func updatesReplayOntoAnArray() throws {
  let screen = ListScreen(width: 16, height: 3)
  screen.setRoot(grocerySection(Array(pantry.prefix(3))))
  screen.setRoot(grocerySection([pantry[2], pantry[0], pantry[5]]))

  var names: [String] = []
  var inserted = [["1", "2", "3"], ["6"]].makeIterator()
  for update in screen.updates {
    var fresh = (inserted.next() ?? []).makeIterator()
    try update.apply(to: &names) { _ in fresh.next() ?? "?" }
  }
  #expect(names == ["3", "1", "6"])
}

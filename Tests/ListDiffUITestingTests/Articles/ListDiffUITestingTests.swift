// The article ListDiffUITesting's landing page (Sources/ListDiffUITesting/ListDiffUITesting.docc/ListDiffUITesting.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), which
// test what the article says.

import ListDiffUI
import ListDiffUITesting
import Testing

@Test @MainActor func aChangedQuantityIsShownInPlace() {
  let screen = ListScreen(width: 16, height: 3)
  screen.setRoot(grocerySection([
    Grocery(id: "milk", name: "milk", quantity: 1),
  ]))
  screen.setRoot(grocerySection([
    Grocery(id: "milk", name: "milk", quantity: 2),
  ]))
  #expect(screen.lifecycle(of: "milk").contains("didUpdateViewModel"))
  expectSnapshot(screen, named: "two-milk")
}

// The article Warnings in tests (Sources/ListDiffUITesting/ListDiffUITesting.docc/WarningsInTests.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), which
// test what the article says.

import ListDiffUI
import ListDiffUITesting
import Testing

@Test @MainActor func aRepeatedGroceryIsShownOnce() {
  let screen = ListScreen(width: 16, height: 3)
  let eggs = Grocery(id: "eggs", name: "eggs", quantity: 6)
  screen.expectWarnings(.duplicateIdentifier) {
    screen.setRoot(grocerySection([eggs, eggs]))
  }
  #expect(screen.text == "6 × eggs\n\n")
  #expect(screen.diagnostics.map(\.kind) == [.duplicateIdentifier])
}

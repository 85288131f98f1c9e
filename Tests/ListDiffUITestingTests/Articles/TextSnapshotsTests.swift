// The article Text snapshots (Sources/ListDiffUITesting/ListDiffUITesting.docc/TextSnapshots.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), which
// test what the article says.

import ListDiffUI
import ListDiffUITesting
import Testing

@Test @MainActor func pantryFirstScreen() {
  let screen = ListScreen(width: 16, height: 3)
  screen.setRoot(grocerySection(pantry))
  expectSnapshot(screen, named: "top")
}

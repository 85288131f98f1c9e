// The article Driving a screen (Sources/ListDiffUITesting/ListDiffUITesting.docc/DrivingAScreen.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), which
// test what the article says.

import ListDiffUI
import ListDiffUITesting
import Testing

func grocerySection(
  _ groceries: [Grocery]
) -> ListSection<Grocery, GroceryController> {
  ListSection<Grocery, GroceryController>(groceries, id: "groceries") {
    GroceryViewModel(
      identifier: $0.id, name: $0.name, quantity: $0.quantity)
  }
}

let pantry = (1...8).map {
  Grocery(id: "\($0)", name: "item \($0)", quantity: $0)
}

@Test @MainActor func scrollingAPantry() {
  let screen = ListScreen(width: 16, height: 3)
  screen.setRoot(grocerySection(pantry))
  #expect(screen.text == "1 × item 1\n2 × item 2\n3 × item 3")

  screen.scroll(toIdentifier: "6")
  #expect(screen.text == "6 × item 6\n7 × item 7\n8 × item 8")

  screen.tap(identifier: "2")  // off screen: scrolled into view first
  #expect(screen.text.hasPrefix("2 × item 2"))

  screen.resize(width: 16, height: 2)
  #expect(screen.text.split(separator: "\n").count == 2)
}

@Test @MainActor func flingingToTheEnd() {
  let screen = ListScreen(width: 16, height: 3)
  screen.setRoot(grocerySection(pantry))
  screen.drag(by: 2, velocity: 200)
  #expect(screen.text == "6 × item 6\n7 × item 7\n8 × item 8")
}

@Test(.timeLimit(.minutes(20)))
@MainActor func aRootAppliedInTheBackground() async {
  let screen = ListScreen(width: 16, height: 2, applyUpdatesAsync: true)
  await screen.setRoot(grocerySection(Array(pantry.prefix(2))))
  #expect(screen.text == "1 × item 1\n2 × item 2")
}

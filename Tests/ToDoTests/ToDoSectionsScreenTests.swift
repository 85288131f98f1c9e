import Foundation
import ListDiffUI
import ListDiffUITesting
import Testing
import ToDoCore

/// The to-do sample's sections on a ListDiffUITesting screen: what the app
/// shows for a snapshot, and what a change does to the list, without the
/// app's session or a terminal.
@Suite("The to-do sections on a test screen")
@MainActor
struct ToDoSectionsScreenTests {
  private static let created = Date(timeIntervalSince1970: 1_714_555_800)  // 2024-05-01 09:30 UTC
  private static let utc = TimeZone(identifier: "UTC")!

  private static let items = [
    ToDoItem(id: "milk", title: "buy milk", createdAt: created),
    ToDoItem(id: "bike", title: "fix the bike", notes: "back brake", createdAt: created),
    ToDoItem(id: "mum", title: "call mum", isDone: true, createdAt: created),
  ]

  private func root(_ items: [ToDoItem], search: String = "", showsCommands: Bool = true) -> Section {
    ToDoSections.root(
      for: ToDoSnapshot(items: items, search: search), timeZone: Self.utc, showsCommands: showsCommands,
      delegate: .none)
  }

  @Test("a snapshot is shown as header, open items, completed items and commands")
  func showsASnapshot() {
    let screen = ListScreen(width: 48, height: 12)
    screen.setRoot(root(Self.items))
    expectSnapshot(screen, named: "three-items")
  }

  @Test("a CJK title is cut at its column, not past it, at every width", arguments: [20, 21, 30, 31, 48])
  func wideTitlesKeepToTheirColumns(width: Int) throws {
    let screen = ListScreen(width: width, height: 8)
    let items = [
      ToDoItem(id: "chef", title: "山田太郎 寿司職人の見習い chef", createdAt: Self.created),
      ToDoItem(id: "milk", title: "buy milk", createdAt: Self.created),
    ]
    screen.setRoot(root(items))
    let lines = screen.collectionView.renderText().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 8)
    for line in lines {
      #expect(TextColumns.width(of: line) == width, "\(width): \(line)")
    }
    let title = try #require(lines.first { $0.contains("山田") })
    // Cut with an ellipsis where the whole title does not fit.
    #expect(title.contains("chef") == (width >= 48), "\(title)")
    #expect(title.contains("…") == (width < 48), "\(title)")
    #expect(lines.contains { $0.contains("buy milk") })
  }

  @Test("completing an item moves it from the open section's scope to the completed one's")
  func completingMovesBetweenScopes() throws {
    let screen = ListScreen(width: 48, height: 12)
    screen.setRoot(root(Self.items))
    #expect(screen.lifecycle(of: "milk", sectionPath: [ToDoSections.openID]).contains("didMount"))

    var done = Self.items
    done[0].isDone = true
    screen.setRoot(root(done))
    // An item's identity is scoped by its section: completing it deletes it
    // from "open" (its controller unmounts) and inserts it into "completed".
    let update = try #require(screen.updates.last)
    #expect(!update.deletes.isEmpty && !update.inserts.isEmpty)
    #expect(screen.lifecycle(of: "milk", sectionPath: [ToDoSections.openID]).last == "willUnmount")
    #expect(
      screen.lifecycle(of: "milk", sectionPath: [ToDoSections.completedID]).contains("didMount"))
    #expect(screen.text.contains("[x] buy milk"))
  }

  /// The root's placeholder says why nothing shows: an empty list (with
  /// the key that adds, full screen, or the command, in a script), a
  /// search that matches nothing; it goes as soon as an item shows.
  @Test("an empty list and an empty search show the root's placeholder, which goes when an item shows")
  func placeholders() {
    let script = ListScreen(width: 60, height: 8)
    script.setRoot(root([]))
    #expect(script.text.contains("     nothing to do — add TEXT adds an item\n"))
    script.setRoot(root(Self.items, search: "zz"))
    #expect(script.text.contains("     no matches for 'zz' — search alone shows all\n"))
    let screen = ListScreen(width: 48, height: 6)
    screen.setRoot(root([], showsCommands: false))
    expectSnapshot(screen, named: "empty-list")
    screen.setRoot(root(Self.items, search: "zz", showsCommands: false))
    expectSnapshot(screen, named: "empty-search")
    // A search that matches: the placeholder is gone, in the same batch
    // as the item that took its place.
    screen.setRoot(root(Self.items, search: "milk", showsCommands: false))
    #expect(!screen.text.contains("no matches"))
    #expect(screen.text.contains("  1. [ ] buy milk"))
    #expect(screen.updates.last?.deletes.count == 1 && screen.updates.last?.inserts.count == 1)
  }
}

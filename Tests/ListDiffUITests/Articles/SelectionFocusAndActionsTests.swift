// The article Selection, focus and item actions
// (Sources/ListDiffUI/ListDiffUI.docc/SelectionFocusAndActions.md): its code
// blocks verbatim (ArticleCodeTests checks they stay so), and tests of what
// its prose claims.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

struct MailViewModel: ListViewModel, Equatable {
  var identifier: String
  var sender: String
  var isDraft = false
}

final class MailCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class MailController: ListCellController<
  MailViewModel, ListViewStateNone, MailCell
> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: MailCell) {
    let focus = isFocused ? ">" : " "
    let mark = isSelected ? "[x]" : "[ ]"
    cell.text = "\(focus)\(mark) \(viewModel.sender)"
  }
  // Drafts are not sent, so not picked for sending.
  override var canSelect: Bool { !viewModel.isDraft }
  override var typeSelectString: String? { viewModel.sender }
  override func trailingActions() -> [ListItemAction] {
    let id = viewModel.identifier
    let mailbox = context.object(type: Mailbox.self)
    return [
      ListItemAction(title: "Delete", style: .destructive) {
        mailbox?.delete(id)
      }
    ]
  }
}

@MainActor
final class Mailbox {
  var messages: [MailViewModel] = []
  var show: @MainActor (Mailbox) -> Void = { _ in }

  func delete(_ id: String) {
    messages.removeAll { $0.identifier == id }
    show(self)
  }

  var section: ListSection<MailViewModel, MailController> {
    ListSection(messages, id: "mailbox")
  }
}

@MainActor
@Test func pickingAndDeletingMessages() {
  let mailbox = Mailbox()
  mailbox.messages = [
    MailViewModel(identifier: "1", sender: "Ada"),
    MailViewModel(identifier: "2", sender: "Émile"),
    MailViewModel(identifier: "3", sender: "Grace", isDraft: true),
    MailViewModel(identifier: "4", sender: "Linus"),
  ]
  let screen = ListScreen(width: 12, height: 4, contextObjects: mailbox)
  mailbox.show = { [weak screen] in
    screen?.dataSource.setRootSection($0.section)
  }
  mailbox.show(mailbox)
  screen.dataSource.allowsMultipleSelection = true

  screen.pressKey(.down)       // the focus lands on the first message
  screen.pressKey(.space)      // selects Ada
  screen.type("em")            // type-to-select: "em" finds Émile
  screen.pressKey(.shiftDown)  // Émile and Grace; Grace is a draft
  #expect(screen.text == """
     [x] Ada
     [x] Émile
    >[ ] Grace
     [ ] Linus
    """)

  screen.performAction("Delete", identifier: "3")
  #expect(screen.dataSource.focusedItem?.identifier == "4")
  #expect(screen.dataSource.selection.count == 2)
}

@MainActor
@Suite("The article Selection, focus and item actions: what its prose claims")
struct SelectionFocusAndActionsClaims {
  @Test func aReloadKeepsTheSelectionAndTheCollectionMirrorsIt() {
    let mailbox = Mailbox()
    mailbox.messages = (1...3).map { MailViewModel(identifier: "\($0)", sender: "S\($0)") }
    let screen = ListScreen(width: 12, height: 4, contextObjects: mailbox)
    mailbox.show = { [weak screen] in screen?.dataSource.setRootSection($0.section) }
    mailbox.show(mailbox)
    screen.select(identifier: "2")
    mailbox.messages.insert(MailViewModel(identifier: "0", sender: "S0"), at: 0)
    mailbox.show(mailbox)
    screen.collectionView.reloadData()
    #expect(screen.dataSource.selection == [ListItemID(identifier: "2", sectionPath: ["mailbox"])])
    #expect(screen.collectionView.indexPathsForSelectedItems.map(\.item) == [2])
    #expect(screen.collectionView.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected == true)
  }

  @Test func aDraftCannotBeSelectedAndSelectAllNeedsMultipleSelection() {
    let mailbox = Mailbox()
    mailbox.messages = [MailViewModel(identifier: "d", sender: "D", isDraft: true)]
    let screen = ListScreen(width: 12, height: 4, contextObjects: mailbox)
    screen.setRoot(mailbox.section)
    screen.dataSource.selectAll()
    screen.select(identifier: "d")
    #expect(screen.dataSource.selection.isEmpty)
    #expect(screen.diagnostics.map(\.kind) == [.ignoredInteraction, .ignoredInteraction])
  }
}

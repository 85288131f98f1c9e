// The README's quick start, verbatim between the markers, so it cannot rot:
// if this file stops compiling or its test fails, fix the README too.

import Foundation
import ListDiffUI  // brings HeadlessCollection's types too
import Testing

// README quick start begins
// 1. A view model: an identifier and equality. Immutable, Sendable.
struct ContactViewModel: ListViewModel, Equatable {
  var identifier: String
  var name: String
  var unread: Int
}

// 2. A view state: what the user changed on this cell, kept by its controller.
struct ContactViewState: ListViewState {
  var starred = false
}

// 3. A cell: headless, so it draws as text in `renderText()`.
final class ContactCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

// 4. A controller: created once per identity, never reused; sizes and
//    configures whichever cell shows its item.
final class ContactController:
  ListCellController<ContactViewModel, ContactViewState, ContactCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: ContactCell) {
    let star = viewState.starred ? "★" : " "
    cell.text = "\(star) \(viewModel.name) (\(viewModel.unread))"
  }
  override func didSelect(cell: ContactCell) {
    var state = viewState
    state.starred.toggle()
    updateState(state)  // reconfigures the cell in place
  }
}

// 5. A data source on a collection view, and a root section per update.
struct Contact { var id: String; var name: String; var unread: Int }

@MainActor
func showContacts() -> (CollectionView, ListDiffDataSource) {
  let layout = CollectionViewFlowLayout()
  layout.minimumLineSpacing = 0
  let collectionView = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 24, height: 4), collectionViewLayout: layout)
  let dataSource = ListDiffDataSource(collectionView: collectionView)

  func render(_ contacts: [Contact]) {
    dataSource.setRootSection(
      ListSection<Contact, ContactController>(contacts, id: "contacts") { contact in
        ContactViewModel(identifier: contact.id, name: contact.name, unread: contact.unread)
      })
  }
  render([Contact(id: "1", name: "Ada", unread: 0), Contact(id: "2", name: "Grace", unread: 2)])
  collectionView.selectItem(at: IndexPath(item: 0, section: 0))  // a tap: stars Ada
  // One diff, one validated batch: Linus is inserted, Grace updated in place.
  render([
    Contact(id: "3", name: "Linus", unread: 1), Contact(id: "1", name: "Ada", unread: 0),
    Contact(id: "2", name: "Grace", unread: 5),
  ])
  return (collectionView, dataSource)
}
// README quick start ends

@MainActor
@Suite("README quick start")
struct ReadmeQuickStartTests {
  @Test func rendersWhatTheReadmeShows() {
    let (collectionView, dataSource) = showContacts()
    let lines = collectionView.renderText().split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(Array(lines.prefix(3)) == ["Linus (1)", "★ Ada (0)", "Grace (5)"])
    #expect(collectionView.numberOfItems(inSection: 0) == 3)
    #expect(dataSource.itemCount == 3)
  }
}

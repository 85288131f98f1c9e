import Foundation
import ListDiffUI
import ListDiffUITesting
import Testing

// Three small screens written as the articles teach, each with one bug an
// app can have that loses or confuses state the model does not hold: a
// section id built from its count, open rows kept in a context object by
// index, and a controller that keeps a figure from when it was tapped, on
// items named by a counter. Each also comes correct, which must pass.

/// A row that opens on a tap (its view state) and shows one line more.
struct OpenState: ListViewState {
  var isOpen = false
}

final class LineCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

// MARK: - A cart whose shops' section ids hold their line counts

struct CartLine: Sendable, Equatable {
  var id: Int
  var name: String
  var quantity: Int
}

struct Cart: Sendable {
  var shops: [[CartLine]] = [[], []]
  var nextID = 0

  static func sample() -> Cart {
    var cart = Cart()
    var random = ListFuzzRandom(seed: 3)
    for _ in 0..<5 { cart.add(to: random.int(in: 0...1), using: &random) }
    return cart
  }

  mutating func add(to shop: Int, using random: inout ListFuzzRandom) {
    shops[shop].append(CartLine(id: nextID, name: random.word(length: random.int(in: 3...7)), quantity: 1))
    nextID += 1
  }

  /// The shop and index of a line picked by identity; nil when the cart is empty.
  func pick(_ random: inout ListFuzzRandom) -> (shop: Int, index: Int)? {
    let places = shops.indices.flatMap { shop in shops[shop].indices.map { (shop: shop, index: $0) } }
    return random.element(of: places, identifiedBy: { shops[$0.shop][$0.index].id })
  }
}

struct CartLineViewModel: ListViewModel, Equatable {
  var identifier: String
  var line: CartLine
}

/// A line; a tap opens it (its view state) to show one line more.
final class CartLineController: ListCellController<CartLineViewModel, OpenState, LineCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: viewState.isOpen ? 2 : 1)
  }
  override func didSelect(cell: LineCell) {
    updateState(OpenState(isOpen: !viewState.isOpen))
  }
  override func configureCell(cell: LineCell) {
    cell.text = "\(viewModel.line.name) ×\(viewModel.line.quantity)" + (viewState.isOpen ? "\n  [open]" : "")
  }
}

/// Each shop a section; with the bug, its id holds its line count
/// ("shop0 (3)"), so a line added or removed gives every other line of the
/// shop a new identity, and every open line closes.
@MainActor
func cartRoot(_ cart: Cart, countInSectionID: Bool) -> Section? {
  CompositeSection(id: "cart") {
    for (index, lines) in cart.shops.enumerated() {
      ListSection<CartLineViewModel, CartLineController>(
        lines.map { CartLineViewModel(identifier: "l\($0.id)", line: $0) },
        id: countInSectionID ? "shop\(index) (\(lines.count))" : "shop\(index)")
    }
  }
}

func cartChanges() -> [ListFuzzChange<Cart>] {
  [
    ListFuzzChange("add", weight: 2) { cart, random in cart.add(to: random.int(in: 0...1), using: &random) },
    ListFuzzChange("remove") { cart, random in
      if let place = cart.pick(&random) { cart.shops[place.shop].remove(at: place.index) }
    },
    ListFuzzChange("more", weight: 2) { cart, random in
      if let place = cart.pick(&random) { cart.shops[place.shop][place.index].quantity += 1 }
    },
  ]
}

// MARK: - Open rows kept in a context object, by index

struct Topic: Sendable, Equatable {
  var id: Int
  var title: String
}

struct Topics: Sendable {
  var topics: [Topic] = []
  var nextID = 0

  static func sample() -> Topics {
    var topics = Topics()
    var random = ListFuzzRandom(seed: 4)
    for _ in 0..<6 { topics.add(using: &random) }
    return topics
  }

  mutating func add(using random: inout ListFuzzRandom) {
    let topic = Topic(id: nextID, title: random.word(length: random.int(in: 3...8)))
    nextID += 1
    topics.insert(topic, at: random.int(in: 0...topics.count))
  }
}

/// Which rows are open: by their place in the list (the bug) or by
/// their identifier.
@MainActor
final class OpenTopics {
  var open: Set<String> = []
}

struct TopicViewModel: ListViewModel, Equatable {
  var identifier: String
  var title: String
  /// The row's place: what the buggy controller keys its openness by.
  var position: Int
  var keyedByPosition: Bool

  var openKey: String { keyedByPosition ? "#\(position)" : identifier }
}

/// Configures again after a tap: the openness itself is the context
/// object's.
struct TapCount: ListViewState {
  var count = 0
}

final class TopicController: ListCellController<TopicViewModel, TapCount, LineCell> {
  private var isOpen: Bool { context.object(type: OpenTopics.self)?.open.contains(viewModel.openKey) ?? false }

  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: isOpen ? 2 : 1)
  }
  override func didSelect(cell: LineCell) {
    guard let topics = context.object(type: OpenTopics.self) else { return }
    if topics.open.remove(viewModel.openKey) == nil { topics.open.insert(viewModel.openKey) }
    updateState(TapCount(count: viewState.count + 1))
  }
  override func configureCell(cell: LineCell) {
    cell.text = viewModel.title + (isOpen ? "\n  [open]" : "")
  }
}

@MainActor
func topicsRoot(_ model: Topics, keyedByPosition: Bool) -> Section? {
  ListSection<TopicViewModel, TopicController>(
    model.topics.enumerated().map {
      TopicViewModel(
        identifier: "t\($0.element.id)", title: $0.element.title, position: $0.offset,
        keyedByPosition: keyedByPosition)
    }, id: "topics")
}

func topicChanges() -> [ListFuzzChange<Topics>] {
  [
    ListFuzzChange("add", weight: 2) { model, random in model.add(using: &random) },
    ListFuzzChange("remove") { model, random in
      if let index = random.index(of: model.topics, identifiedBy: \.id) { model.topics.remove(at: index) }
    },
    ListFuzzChange("rename") { model, random in
      if let index = random.index(of: model.topics, identifiedBy: \.id) {
        model.topics[index].title = random.word(length: random.int(in: 3...8))
      }
    },
  ]
}

// MARK: - Notes named by a counter, whose open note keeps a stale figure

struct Note: Sendable, Equatable {
  var id: Int
  var text: String
  var isUnread = true
}

struct Notebook: Sendable {
  var notes: [Note] = []
  var nextID = 0

  var unreadCount: Int { notes.count(where: \.isUnread) }
}

struct NoteViewModel: ListViewModel, Equatable {
  var identifier: String
  var note: Note
  /// How many notes are unread: what an open note tells.
  var unreadCount: Int
  var keepsCountFromTap: Bool
}

/// A note; a tap opens it to show how many notes are unread. With the bug,
/// the open note keeps the count from when it was tapped, however many
/// notes are written, read or deleted after.
final class NoteController: ListCellController<NoteViewModel, OpenState, LineCell> {
  private var countWhenTapped: Int?

  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: viewState.isOpen ? 2 : 1)
  }
  override func didSelect(cell: LineCell) {
    countWhenTapped = viewModel.unreadCount
    updateState(OpenState(isOpen: !viewState.isOpen))
  }
  override func configureCell(cell: LineCell) {
    let count = viewModel.keepsCountFromTap ? countWhenTapped ?? viewModel.unreadCount : viewModel.unreadCount
    cell.text = (viewModel.note.isUnread ? "● " : "  ") + viewModel.note.text
      + (viewState.isOpen ? "\n  \(count) unread" : "")
  }
}

@MainActor
func notebookRoot(_ notebook: Notebook, keepsCountFromTap: Bool) -> Section? {
  let unread = notebook.unreadCount
  return ListSection<NoteViewModel, NoteController>(
    notebook.notes.map {
      NoteViewModel(identifier: "n\($0.id)", note: $0, unreadCount: unread, keepsCountFromTap: keepsCountFromTap)
    }, id: "notes")
}

/// The article's inbox changes, on notes: a new note gets the next number
/// and a random place; reading and deleting pick a note by identity.
func notebookChanges() -> [ListFuzzChange<Notebook>] {
  [
    ListFuzzChange("write", weight: 2) { notebook, random in
      let note = Note(id: notebook.nextID, text: random.word(length: 6))
      notebook.nextID += 1
      notebook.notes.insert(note, at: random.int(in: 0...notebook.notes.count))
    },
    ListFuzzChange("read") { notebook, random in
      if let index = random.index(of: notebook.notes, identifiedBy: \.id) { notebook.notes[index].isUnread = false }
    },
    ListFuzzChange("delete") { notebook, random in
      if let index = random.index(of: notebook.notes, identifiedBy: \.id) { notebook.notes.remove(at: index) }
    },
  ]
}

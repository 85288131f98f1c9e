import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

/// A board of movable items one point tall, in leaf sections under three
/// levels of pinned headers (the board's, a group's, a section's), as an
/// app keeps it, and the root it shows.
private struct PinnedBoard {
  static let groups = 4
  static let sectionsPerGroup = 5
  /// The identifiers of each leaf section's items, leaf by leaf.
  var leaves: [[String]]

  init(itemsPerLeaf: Int) {
    let count = Self.groups * Self.sectionsPerGroup
    leaves = (0..<count).map { leaf in (0..<itemsPerLeaf).map { "i\(leaf).\($0)" } }
  }

  static func group(ofLeaf leaf: Int) -> Int { leaf / sectionsPerGroup }

  /// The section path a move reports for `leaf`.
  static func path(ofLeaf leaf: Int) -> [String] {
    ["board", "g\(group(ofLeaf: leaf))", "s\(leaf)", "l\(leaf)"]
  }

  private static func line(_ identifier: String) -> ListSection<ItemVM, ItemController> {
    section([ItemVM(identifier: identifier, height: 1)])
  }

  var root: Section {
    CompositeSection(id: "board", header: Self.line("board-title"), pinsHeader: true) {
      for group in 0..<Self.groups {
        CompositeSection(id: "g\(group)", header: Self.line("g\(group)-header"), pinsHeader: true) {
          for leaf in group * Self.sectionsPerGroup..<(group + 1) * Self.sectionsPerGroup {
            CompositeSection(id: "s\(leaf)", header: Self.line("s\(leaf)-header"), pinsHeader: true) {
              ListSection<ItemVM, MovableController>(
                leaves[leaf].map { ItemVM(identifier: $0, height: 1) }, id: "l\(leaf)")
            }
          }
        }
      }
    }
  }

  /// Every item's line as the screen shows it, headers included.
  var lines: [String] {
    var result = ["board-title=0"]
    for group in 0..<Self.groups {
      result.append("g\(group)-header=0")
      for leaf in group * Self.sectionsPerGroup..<(group + 1) * Self.sectionsPerGroup {
        result.append("s\(leaf)-header=0")
        result += leaves[leaf].map { "\($0)=0" }
      }
    }
    return result
  }

  /// Applies a reported move, as `moveHandler` would.
  mutating func apply(_ move: ListItemMove) {
    guard let from = Int(move.sectionPath.last?.dropFirst() ?? ""),
      let to = Int(move.toSectionPath.last?.dropFirst() ?? "")
    else { return }
    let item = leaves[from].remove(at: move.fromIndex)
    leaves[to].insert(item, at: move.toIndex)
  }
}

@Suite("Drags and taps under pinned headers")
@MainActor
struct PinnedHeaderMoveTests {
  final class Moves { var reported: [ListItemMove] = [] }

  /// The leaf items (leaf, index within it) whose place on screen a pinned
  /// header is drawn over.
  private func coveredItems(_ screen: ListScreen, board: PinnedBoard) -> [(leaf: Int, index: Int)] {
    var places: [(leaf: Int, index: Int)?] = [nil]
    for group in 0..<PinnedBoard.groups {
      places.append(nil)
      for leaf in group * PinnedBoard.sectionsPerGroup..<(group + 1) * PinnedBoard.sectionsPerGroup {
        places.append(nil)
        places += board.leaves[leaf].indices.map { (leaf, $0) }
      }
    }
    let collectionView = screen.collectionView
    return collectionView.indexPathsForVisibleItems.compactMap { path in
      guard let place = places[path.item], let frame = collectionView.layoutAttributesForItem(at: path)?.frame,
        collectionView.indexPathForItem(at: CGPoint(x: frame.midX, y: frame.midY)) != path
      else { return nil }
      return place
    }
  }

  /// Seeded random drags through a 1,000-item board whose three levels of
  /// pinned headers are on screen: up and down, within a section, across
  /// sections (allowed or not), onto places under the pinned headers. Each
  /// lands where asked, or, when leaving the section is not allowed, at the
  /// nearest place of its own section; one `ListItemMove` says so, and the
  /// model's root then changes nothing.
  @Test(
    "random drags reach their places with nested pinned headers on screen",
    arguments: [false, true], 0..<UInt64(2))
  func randomDrags(allowsMovingBetweenSections between: Bool, run: UInt64) throws {
    let seed: UInt64 = (between ? 0x5EED_20B1 : 0x5EED_20B0) &+ run &* 16
    var generator = SeededGenerator(seed: seed)
    var board = PinnedBoard(itemsPerLeaf: 50)
    let screen = ListScreen.logging(height: 12)
    let moves = Moves()
    screen.dataSource.allowsMovingBetweenSections = between
    screen.dataSource.moveHandler = { moves.reported.append($0) }
    screen.setRoot(board.root)
    #expect(screen.dataSource.itemCount == 1 + PinnedBoard.groups * (1 + PinnedBoard.sectionsPerGroup * 51))
    let leafCount = board.leaves.count
    var underHeaders = 0
    for step in 0..<150 {
      let context = Comment(rawValue: "seed \(seed) step \(step)")
      // Somewhere in the list, so that the headers of one to three levels
      // are pinned over the items at the top of the viewport.
      screen.scroll(by: Int.random(in: -300...300, using: &generator))
      // Half the time a destination under the pinned headers now, else
      // anywhere; the item from its section half the time, else from one
      // near it.
      let covered = coveredItems(screen, board: board)
      var leaf = Int.random(in: 0..<leafCount, using: &generator)
      var place: Int?
      if let target = covered.randomElement(using: &generator), Bool.random(using: &generator) {
        (leaf, place) = (target.leaf, target.index)
        underHeaders += 1
      }
      var source = leaf
      if Bool.random(using: &generator) {
        source = min(leafCount - 1, max(0, leaf + Int.random(in: -3...3, using: &generator)))
      }
      guard !board.leaves[source].isEmpty else { continue }
      let fromIndex = Int.random(in: board.leaves[source].indices, using: &generator)
      let identifier = board.leaves[source][fromIndex]
      let others = board.leaves[leaf].count - (leaf == source ? 1 : 0)
      let toIndex = min(others, place ?? Int.random(in: 0...others, using: &generator))
      let allowed = leaf == source || between
      // Refused out of its section: the nearest place in it.
      let expectedLeaf = allowed ? leaf : source
      let expectedIndex = allowed ? toIndex : (leaf > source ? board.leaves[source].count - 1 : 0)
      let before = moves.reported.count
      let landed = screen.move(
        identifier: identifier, sectionPath: PinnedBoard.path(ofLeaf: source), toIndex: toIndex,
        inSection: PinnedBoard.path(ofLeaf: leaf))
      #expect(landed == allowed, context)
      let expectedMove = ListItemMove(
        identifier: identifier, sectionPath: PinnedBoard.path(ofLeaf: source), fromIndex: fromIndex,
        toIndex: expectedIndex, toSectionPath: PinnedBoard.path(ofLeaf: expectedLeaf))
      if expectedLeaf == source && expectedIndex == fromIndex {
        #expect(moves.reported.count == before, context)
      } else {
        #expect(Array(moves.reported.dropFirst(before)) == [expectedMove], context)
        board.apply(expectedMove)
      }
      // The model's root carries the move: nothing to update.
      let updates = screen.updates.count
      screen.setRoot(board.root)
      #expect(screen.updates.count == updates, context)
      let path = PinnedBoard.path(ofLeaf: expectedLeaf)
      #expect(
        screen.dataSource.indexPath(forIdentifier: identifier, sectionPath: path)
          == screen.dataSource.indexPath(forIdentifier: board.leaves[expectedLeaf][expectedIndex], sectionPath: path),
        context)
      if !screen.diagnostics.isEmpty || moves.reported.count > before + 1 { break }
    }
    #expect(underHeaders > 10, "the seed aims at places under pinned headers")
    // Every item where the model has it.
    let lines = board.lines
    for leaf in board.leaves.indices {
      for identifier in board.leaves[leaf] {
        let path = screen.dataSource.indexPath(forIdentifier: identifier, sectionPath: PinnedBoard.path(ofLeaf: leaf))
        #expect(path?.item == lines.firstIndex(of: "\(identifier)=0"), "seed \(seed): \(identifier)")
      }
    }
    #expect(screen.diagnostics.isEmpty)
  }

  /// While a drag shows an item in another section, the pinned headers are
  /// those of the order shown: the destination's header pins, not the item
  /// that took its index; a cancelled drag pins the data source's again.
  @Test("mid-drag across sections the pinned header follows the order shown; a cancel restores it")
  func pinnedHeadersFollowADragAcrossSections() throws {
    func block(_ id: String) -> CompositeSection {
      CompositeSection(
        id: id, header: section([ItemVM(identifier: "\(id)-header", height: 1)]), pinsHeader: true
      ) {
        ListSection<ItemVM, MovableController>((0..<6).map { ItemVM(identifier: "\(id)\($0)", height: 1) })
      }
    }
    let screen = ListScreen.logging(height: 4)
    screen.dataSource.allowsMovingBetweenSections = true
    screen.setRoot(CompositeSection(block("a"), block("b")))
    let collectionView = screen.collectionView
    // a0 (item 1) dragged over b-header (7) and b0 (8): shown after b0.
    #expect(collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
    for step in 2...8 {
      let frame = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: step, section: 0))).frame
      collectionView.updateInteractiveMovementTargetPosition(CGPoint(x: frame.midX, y: frame.midY))
    }
    screen.scroll(by: 8)
    let top = CGPoint(x: 1, y: 8.5)
    #expect(collectionView.indexPathForItem(at: top)?.item == 6, "b-header, now shown at 6, pins")
    #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))?.frame.minY == 8)
    // The finger, still where it was while the list scrolled, holds a0
    // over the pinned header: the item being moved is drawn on top.
    #expect(screen.text.hasPrefix("a0=0\nb1=0\n"))
    collectionView.cancelInteractiveMovement()
    #expect(collectionView.indexPathForItem(at: top)?.item == 7)
    #expect(screen.text == "b-header=0\nb1=0\nb2=0\nb3=0")
    #expect(screen.diagnostics.isEmpty)
  }

  /// A tap on an item hidden under a pinned header scrolls it out from
  /// under the header first, just enough, as a finger needs; one on the
  /// pinned header itself selects the header where it is drawn.
  @Test("a tap on an item under a pinned header scrolls it clear first")
  func tapUnderAPinnedHeader() throws {
    func block(_ id: String) -> CompositeSection {
      CompositeSection(id: id, header: section([ItemVM(identifier: "\(id)-header", height: 1)]), pinsHeader: true) {
        section((0..<6).map { ItemVM(identifier: "\(id)\($0)", height: 1) })
      }
    }
    let screen = ListScreen.logging(height: 4)
    screen.setRoot(CompositeSection(block("a"), block("b")))
    screen.scroll(by: 3)
    #expect(screen.text == "a-header=0\na3=0\na4=0\na5=0", "a2 is under the header")
    screen.tap(identifier: "a2")
    #expect(screen.text == "a-header=0\na2=0\na3=0\na4=0")
    #expect(screen.collectionView.indexPathsForSelectedItems.map(\.item) == [3])
    screen.scroll(by: 2)
    screen.tap(identifier: "a-header")
    #expect(screen.text == "a-header=0\na4=0\na5=0\nb-header=0", "the pinned header is tapped where it is")
    // A header item takes no selection by default (issue 44 item 3): the
    // tap leaves the selection as it was.
    #expect(screen.collectionView.indexPathsForSelectedItems.map(\.item) == [3])
    #expect(!screen.lifecycle(of: "a-header").contains("didSelect"))
  }
}

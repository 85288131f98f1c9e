import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing
import TestSupport

/// Repeated identities are found by a hash of each identifier's bytes, so
/// these tests pin what that hash must respect: identifiers that Swift
/// considers equal (canonically equivalent spellings) are one identity,
/// wherever they appear and however long they are.
@Suite("Repeated identities: canonically equal identifiers are one item", .timeLimit(.minutes(20)))
@MainActor
struct RepeatedIdentityTests {
  /// Spellings that Swift's `==` identifies, in groups.
  static let equivalentSpellings: [[String]] = [
    ["\u{E9}", "e\u{301}"],  // é precomposed and decomposed
    ["K", "\u{212A}"],  // Latin K and the Kelvin sign
    ["\u{C5}", "\u{212B}", "A\u{30A}"],  // Å, the Ångström sign, A + ring
    ["caf\u{E9}-au-lait-with-a-long-name", "cafe\u{301}-au-lait-with-a-long-name"],
    ["\u{1E69}-long-enough-to-live-on-the-heap", "s\u{323}\u{307}-long-enough-to-live-on-the-heap"],
    // The accent in the partial last word, which the hash reads as the
    // last eight bytes.
    ["a-long-identifier-caf\u{E9}", "a-long-identifier-cafe\u{301}"],
  ]

  @Test("each spelling after the first of an equivalent group is reported and dropped", arguments: 0..<6)
  func equivalentSpellingsAreOneItem(group: Int) {
    let spellings = Self.equivalentSpellings[group]
    for spelling in spellings.dropFirst() { #expect(spelling == spellings[0]) }
    let screen = ListScreen.logging(height: 100)
    screen.expectWarnings(.duplicateIdentifier) {
      screen.setRoot(section(spellings.map { ItemVM(identifier: $0) } + items("z")))
    }
    #expect(screen.dataSource.itemCount == 2)
    #expect(screen.dataSource.inspection.itemIdentities.map(\.identifier) == [spellings[0], "z"])
    let reported = screen.diagnostics.filter { $0.kind == .duplicateIdentifier }
    #expect(reported.count == spellings.count - 1)
  }

  @Test("a spelling inserted next to an equivalent one already shown is dropped")
  func insertedEquivalentOfShownItem() {
    let screen = ListScreen.logging(height: 100)
    screen.setRoot(section(items("\u{212B}", "b")))
    screen.expectWarnings(.duplicateIdentifier) {
      screen.setRoot(section(items("\u{212B}", "b", "A\u{30A}", "c")))
    }
    #expect(screen.dataSource.inspection.itemIdentities.map(\.identifier) == ["\u{212B}", "b", "c"])
  }

  /// Random roots in sequence, drawn from few identifiers (so that repeats
  /// are common) in several spellings, short and long, over sections that
  /// share a scope (the same id twice) or not. After every root the items
  /// shown are exactly the first occurrence of each identity, in order.
  @Test("random roots show exactly the first occurrence of every identity", arguments: 0..<4)
  func randomRootsShowFirstOccurrences(seedIndex: Int) {
    let seed = UInt64(0xD0_0B1E + seedIndex * 104_729)
    var generator = SeededGenerator(seed: seed)
    let pool =
      Self.equivalentSpellings.flatMap { $0 }
      + ["a", "b", "c", "an-identifier-longer-than-fifteen-bytes", "another-long-identifier-0123"]
    let collection = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 20, height: 30), collectionViewLayout: CollectionViewFlowLayout())
    let dataSource = ListDiffDataSource(collectionView: collection)
    var duplicatesReported = 0
    dataSource.diagnosticHandler = { diagnostic in
      if diagnostic.kind == .duplicateIdentifier { duplicatesReported += 1 }
    }
    for step in 0..<500 {
      // Up to three sections, with ids drawn so that some share a scope.
      var sections: [Section?] = []
      var expected: [String] = []
      var seenPerScope: [String: [String]] = [:]
      var expectedDuplicates = 0
      for position in 0..<Int.random(in: 1...3, using: &generator) {
        let id = [nil, "s", "t"].randomElement(using: &generator)!
        let scope = id.map { "=\($0)" } ?? "#\(position)"
        let models = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
          ItemVM(identifier: pool.randomElement(using: &generator)!)
        }
        for model in models {
          if seenPerScope[scope, default: []].contains(model.identifier) {
            expectedDuplicates += 1
          } else {
            seenPerScope[scope, default: []].append(model.identifier)
            expected.append(model.identifier)
          }
        }
        sections.append(section(models, id: id))
      }
      duplicatesReported = 0
      dataSource.setRootSection(CompositeSection(sections))
      let shown = dataSource.inspection.itemIdentities.map(\.identifier)
      // Compared spelling by spelling: the first occurrence's own spelling stays.
      let sameSpellings = shown.count == expected.count
        && zip(shown, expected).allSatisfy { Array($0.utf8) == Array($1.utf8) }
      #expect(
        sameSpellings && duplicatesReported == expectedDuplicates,
        "seed \(seed) step \(step): shown \(shown), expected \(expected); \(duplicatesReported) duplicates reported, \(expectedDuplicates) expected"
      )
      if !sameSpellings { return }
    }
  }
}

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// Repeated identifiers far into a long section (issue 29, item 7).
@Suite("A repeat beyond the first 64 items of a section is dropped and reported")
@MainActor
struct DocumentedRepeatedIdentifierTests {
  /// Promise: an identifier that appears more than once in a section is
  /// shown once, at its first occurrence, and each later occurrence is
  /// reported as a `duplicateIdentifier` warning (`ListDiffDiagnostic.Kind.duplicateIdentifier`;
  /// `ListDiffDataSource.prepare`: "dropping repeated identities (the first
  /// occurrence stays)", Sources/ListDiffUI/DataSource/ListDiffDataSource+ApplyingRoots.swift)
  /// — wherever the repeat is. Short identifiers (up to 15 bytes) are kept by
  /// the section when flattened (`IdentifierScan`), and the search hashes
  /// them 64 at a time (`FlatList.laterOccurrencesOfRepeatedKeys`): repeats
  /// in later blocks, of items in earlier blocks or in their own, must be
  /// found too.
  @Test("repeats in the second and third blocks of 64, in a section that keeps its identifiers")
  func repeatsBeyondTheFirstBlock() {
    let screen = ListScreen.logging(height: 100)
    // "big" is items 0–149 of its section; repeats of "i3" (block 0) at 100
    // and of "i120" (block 1) at 141, both after the first 64 items.
    var big = (0..<150).map { "i\($0)" }
    big.insert("i3", at: 100)
    big.insert("i120", at: 141)
    #expect(big[141] == "i120" && big[121] == "i120")
    let root = CompositeSection {
      section(items("h0", "h1", "h2", "h3", "h4", "h5", "h6"), id: "head")
      section(big.map { ItemVM(identifier: $0) }, id: "big")
    }
    screen.expectWarnings(.duplicateIdentifier) {
      screen.setRoot(root)
    }
    let reported = screen.diagnostics.filter { $0.kind == .duplicateIdentifier }
    #expect(reported.map(\.identifier) == ["i3", "i120"])
    #expect(screen.dataSource.itemCount == 7 + 150)
    let shown = screen.dataSource.inspection.itemIdentities.filter { $0.sectionPath.last == "big" }.map(\.identifier)
    #expect(shown == (0..<150).map { "i\($0)" })
    // The same root again reports nothing new and shows the same.
    screen.setRoot(section(items("x")))
    screen.expectWarnings(.duplicateIdentifier) {
      screen.setRoot(root)
    }
    #expect(screen.dataSource.itemCount == 7 + 150)
  }
}

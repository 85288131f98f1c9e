import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// Pinned section headers with a content inset and with a footer
/// (issue 29, item 7).
@Suite("Pinned headers: content inset and footers")
@MainActor
struct DocumentedPinningTests {
  /// Items one point tall, so that the screen's text shows one item a line.
  private func lines(_ identifiers: [String]) -> ListSection<ItemVM, ItemController> {
    section(identifiers.map { ItemVM(identifier: $0, value: 0, height: 1) })
  }

  private func pinned(_ id: String, count: Int, footer: Bool = false) -> CompositeSection {
    CompositeSection(
      id: id, header: lines(["\(id)-header"]), footer: footer ? lines(["\(id)-footer"]) : nil,
      pinsHeader: true
    ) {
      lines((0..<count).map { "\(id)\($0)" })
    }
  }

  /// Where the item `identifier` of `sectionPath` is drawn, along y.
  private func top(_ screen: ListScreen, _ identifier: String, _ sectionPath: [String]) throws -> CGFloat {
    let path = try #require(screen.dataSource.indexPath(forIdentifier: identifier, sectionPath: sectionPath))
    return try #require(screen.collectionView.layoutAttributesForItem(at: path)).frame.minY
  }

  /// Promise: pinned headers stick to "the bounds inside the content insets
  /// along the scroll direction" (`CollectionView.pinningBounds`,
  /// Sources/HeadlessCollection/Supplementary/CollectionView+Supplementary.swift):
  /// with `contentInset.top` set, a pinned header sits just below the inset,
  /// not under it, and its section's end pushes it from there. "The top of
  /// the viewport" of `CompositeSection(id:header:footer:pinsHeader:_:)` and
  /// the article "Section headers and footers" (SectionHeaders.md, Pinning).
  @Test("with contentInset.top the pinned header sits below the inset")
  func pinnedBelowTheTopInset() throws {
    let screen = ListScreen.logging(height: 4)
    screen.collectionView.contentInset = EdgeInsets(top: 2, left: 0, bottom: 0, right: 0)
    screen.setRoot(CompositeSection(pinned("a", count: 10), pinned("b", count: 10)))
    // Section a is items 0–10 (header at 0), b starts at 11.
    screen.collectionView.setContentOffset(CGPoint(x: 0, y: -2), animated: false)
    #expect(screen.text == "\n\na-header=0\na0=0")
    screen.collectionView.setContentOffset(CGPoint(x: 0, y: 3), animated: false)
    // The inset covers 3..<5; the header is pinned at 5, over a4.
    #expect(try top(screen, "a-header", ["a"]) == 5)
    #expect(screen.text == "a2=0\na3=0\na-header=0\na5=0")
    #expect(screen.collectionView.indexPathForItem(at: CGPoint(x: 1, y: 5.5))?.item == 0)
    // Section a ends at 11: at offset 8 its header is pushed up against b's.
    screen.collectionView.setContentOffset(CGPoint(x: 0, y: 8), animated: false)
    #expect(try top(screen, "a-header", ["a"]) == 10)
    #expect(screen.text == "a7=0\na8=0\na-header=0\nb-header=0")
    screen.collectionView.setContentOffset(CGPoint(x: 0, y: 9), animated: false)
    #expect(try top(screen, "b-header", ["b"]) == 11)
    #expect(screen.text == "a8=0\na9=0\nb-header=0\nb0=0")
    screen.collectionView.setContentOffset(CGPoint(x: 0, y: 12), animated: false)
    #expect(try top(screen, "b-header", ["b"]) == 14)
    #expect(screen.text == "b0=0\nb1=0\nb-header=0\nb3=0")
    #expect(screen.log.violations.isEmpty)
  }

  /// Promise: a pinned header stays pinned "while any item of its section is
  /// visible" and "the end of the section pushes it up" — with a footer, the
  /// section ends after its footer, so the header stays over the footer and
  /// is pushed off by the footer's end. `CompositeSection(id:header:footer:pinsHeader:_:)`
  /// (Sources/ListDiffUI/Sections/CompositeSection.swift), SectionHeaders.md
  /// (Pinning), and `PinnedItemRange.section`: "Every item of the section,
  /// header first (and footer last, if any)".
  @Test("a pinned section with a footer pins over it and is pushed off by the footer's end")
  func pinnedSectionWithAFooter() throws {
    let screen = ListScreen.logging(height: 4)
    screen.setRoot(CompositeSection(pinned("a", count: 3, footer: true), pinned("b", count: 6, footer: true)))
    // a-header 0, a0–a2 1–3, a-footer 4; b-header 5, b0–b5 6–11, b-footer 12.
    #expect(screen.text == "a-header=0\na0=0\na1=0\na2=0")
    screen.scroll(by: 2)
    #expect(screen.text == "a-header=0\na2=0\na-footer=0\nb-header=0")
    screen.scroll(by: 1)
    #expect(screen.text == "a-header=0\na-footer=0\nb-header=0\nb0=0")
    // The footer is still section a's: the header covers it, pinned.
    screen.scroll(by: 1)
    #expect(try top(screen, "a-header", ["a"]) == 4)
    #expect(screen.text == "a-header=0\nb-header=0\nb0=0\nb1=0")
    screen.scroll(by: 1)
    #expect(screen.text == "b-header=0\nb0=0\nb1=0\nb2=0")
    // At the end of the list b's header is pinned over b3, with its footer in view.
    screen.scroll(by: 4)
    #expect(screen.text == "b-header=0\nb4=0\nb5=0\nb-footer=0")
    #expect(try top(screen, "b-header", ["b"]) == 9)
    #expect(screen.log.violations.isEmpty)
  }
}

import Foundation
import HeadlessCollection
import Testing

/// `renderText()` snapshots: the viewport, one character per point.
@MainActor
@Suite struct RenderTextTests {
  func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test func aListScrolledPartWay() {
    let model = ListModel((0..<10).map { "row \($0)" })
    let collection = makeCollection(model, width: 8, height: 4)
    collection.setContentOffset(CGPoint(x: 0, y: 3), animated: false)
    #expect(
      collection.renderText() == """
        row 3   
        row 4   
        row 5   
        row 6   
        """)
  }

  @Test func alwaysExactlyTheViewport() {
    let model = ListModel(["a"])
    let collection = makeCollection(model, width: 5, height: 3)
    let text = lines(collection.renderText())
    #expect(text == ["a    ", "     ", "     "])
    let empty = makeCollection(ListModel([]), width: 3, height: 2)
    #expect(empty.renderText() == "   \n   ")
    let none = makeCollection(ListModel(["a"]), width: 0, height: 0)
    #expect(none.renderText() == "")
  }

  @Test func textIsClippedToTheCellFrameAndMultiLineCellsUseTheirHeight() {
    let model = ListModel(["first line\nsecond\nthird", "x"])
    model.size = { $0.item == 0 ? CGSize(width: 6, height: 2) : CGSize(width: 6, height: 1) }
    let collection = makeCollection(model, width: 8, height: 4)
    // The first row is not the last, so its lone item is centered: x = 1.
    #expect(lines(collection.renderText()) == [" first  ", " second ", "x       ", "        "])
  }

  @Test func aGridWithSpacingAndInsets() {
    let model = ListModel(["aa", "bb", "cc", "dd", "ee"])
    model.size = { _ in CGSize(width: 3, height: 1) }
    let collection = makeCollection(model, width: 12, height: 4) { layout in
      layout.sectionInset = EdgeInsets(top: 1, left: 1, bottom: 0, right: 1)
      layout.minimumInteritemSpacing = 1
      layout.minimumLineSpacing = 1
    }
    // Room 10: two items and a gap take 7, the free 3 widens the gap to 4.
    #expect(
      collection.renderText() == """
                    
         aa     bb  
                    
         cc     dd  
        """)
    collection.setContentOffset(CGPoint(x: 0, y: 2), animated: false)
    #expect(lines(collection.renderText())[3] == " ee         ")
  }

  @Test func aHorizontalStrip() {
    let model = ListModel(["A\nB", "C\nD", "E\nF", "G\nH"])
    model.size = { _ in CGSize(width: 2, height: 2) }
    let collection = makeCollection(model, width: 5, height: 2) { layout in
      layout.scrollDirection = .horizontal
      layout.minimumLineSpacing = 1
    }
    #expect(collection.renderText() == "A  C \nB  D ")
    collection.setContentOffset(CGPoint(x: 3, y: 0), animated: false)
    #expect(collection.renderText() == "C  E \nD  F ")
    collection.setContentOffset(CGPoint(x: 100, y: 0), animated: false)
    #expect(collection.contentOffset.x == 6)  // 4 columns of 2, 1 apart: 11 wide
    #expect(collection.renderText() == "E  G \nF  H ")
  }

  @Test func partlyScrolledCellsShowTheirVisiblePart() {
    let model = ListModel(["1\n2\n3", "4\n5\n6"])
    model.size = { _ in CGSize(width: 3, height: 3) }
    let collection = makeCollection(model, width: 3, height: 3)
    collection.setContentOffset(CGPoint(x: 0, y: 2), animated: false)
    #expect(collection.renderText() == "3  \n4  \n5  ")
  }

  @Test func contentInsetShiftsTheDrawing() {
    let model = ListModel(["ab", "cd"])
    model.size = { _ in CGSize(width: 2, height: 1) }
    let collection = makeCollection(model, width: 4, height: 3)
    collection.contentInset = EdgeInsets(top: 1, left: 1, bottom: 0, right: 1)
    collection.setContentOffset(CGPoint(x: -1, y: -1), animated: false)
    #expect(collection.renderText() == "    \n ab \n cd ")
  }
}

// Issue 44 item 13: a replay string's carousel step whose row is named
// with `-` parses (the number's sign is the last `+` or `-`).

import Foundation
import ListDiffUI
@testable import ListDiffUITesting
import Testing

@Suite("A replay's carousel steps")
struct ReplayCarouselStepTests {
  func parsed(_ text: String) throws -> FuzzStep {
    try FuzzStep(parsing: text[...], changeNames: [])
  }

  @Test("a row whose name holds `-` parses, with either sign", arguments: [
    ("carousel:new-arrivals+12", [], "new-arrivals", 12),
    ("carousel:new-arrivals-3", [], "new-arrivals", -3),
    ("carousel:a-b-c-1", [], "a-b-c", -1),
    ("carousel:shop-1/top-picks+7", ["shop-1"], "top-picks", 7),
    ("carousel:-x+1", [], "-x", 1),
  ] as [(String, [String], String, Int)])
  func rowNamesWithHyphens(text: String, sectionNames: [String], row: String, points: Int) throws {
    let step = try parsed(text)
    #expect(step == .carousel(ListItemID(identifier: row, sectionPath: sectionNames), by: points))
    #expect(step.description == text, "written back as it was read")
  }

  @Test("every carousel step written parses back to itself")
  func roundTrip() throws {
    for name in ["-", "--", "a-", "-a-", "x-1", "1-2-3", "é-ü"] {
      for points in [-40, -1, 0, 1, 40] {
        let step = FuzzStep.carousel(ListItemID(identifier: name, sectionPath: [name]), by: points)
        #expect(try parsed(step.description) == step, "\(step.description)")
      }
    }
  }
}

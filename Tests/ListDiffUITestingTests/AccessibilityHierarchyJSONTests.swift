import Foundation
import ListDiffUI
@testable import ListDiffUITesting
import Testing

/// `accessibilityHierarchyJSON()`: AccessibilitySnapshotModel's wire format
/// (cashapp/AccessibilitySnapshot 0.12.1). The snapshots beside this file
/// are what was decoded with that package's own types, outside the
/// repository, to check the format; these tests keep the bytes and the
/// structure.
@Suite("The accessibility hierarchy as JSON", .timeLimit(.minutes(20)))
@MainActor
struct AccessibilityHierarchyJSONTests {
  /// A list scrolled by one line, a selected chore, a hint, a header.
  @Test("a list is one .list container of its elements in reading order")
  func aList() throws {
    let (screen, failures) = recordingScreen(width: 24, height: 4)
    var items = chores(["milk", "bread \"white\"", "eggs", "tea"])
    items[1].hint = "Opens the recipe"
    items[2].done = true
    screen.setRoot(choreSection(items))
    screen.scroll(by: 1)
    screen.select(identifier: "c2")
    let json = screen.accessibilityHierarchyJSON()
    expectSnapshot(json, named: "list")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    let container = try #require(root.first?["container"] as? [String: Any])
    let info = try #require(container["_0"] as? [String: Any])
    #expect((info["type"] as? [String: Any])?.keys.sorted() == ["list"])
    #expect(info["frame"] as? [[Double]] == [[0, 0], [24, 4]])
    let children = try #require(container["children"] as? [[String: Any]])
    let elements = children.compactMap { $0["element"] as? [String: Any] }
    #expect(elements.count == children.count && elements.count == screen.accessibilityElements.count)
    #expect(elements.map { $0["traversalIndex"] as? Int } == elements.indices.map { $0 })
    let descriptions = elements.compactMap { ($0["_0"] as? [String: Any])?["description"] as? String }
    #expect(descriptions == screen.accessibilityElements.map(\.description))
    let eggs = try #require(
      elements.lazy.compactMap { $0["_0"] as? [String: Any] }.first { $0["label"] as? String == "eggs" })
    #expect(eggs["traits"] as? [String] == ["selected"])
    #expect(eggs["value"] as? String == "done")
    #expect(eggs["identifier"] as? String == "c2")
    #expect(eggs["hint"] == nil && eggs["accessibilityLanguage"] == nil, "nil is left out")
    #expect((eggs["shape"] as? [String: Any])?["type"] as? String == "frame")
    #expect((eggs["shape"] as? [String: Any])?["frame"] as? [[Double]] == [[0, 2], [24, 1]], "in the viewport")
    #expect(eggs["activationPoint"] as? [Double] == [12, 2.5])
    #expect(eggs["respondsToUserInteraction"] as? Bool == true)
    #expect(failures.messages.isEmpty, "\(failures.messages)")
  }

  /// A header, then a grid of five chores in two columns: a data table of
  /// three lines and two columns, framed by the grid's row.
  @Test("a grid is a .dataTable container of its lines and columns")
  func aGrid() throws {
    let (screen, failures) = recordingScreen(width: 21, height: 8)
    screen.setRoot(
      CompositeSection(id: "page", header: ListSection<Row, RowController>(Row(identifier: "title", title: "Pantry"))) {
        GridSection(id: "grid", columns: 2) {
          ListSection<Chore, ChoreController>(chores(["flour", "rice", "oats", "salt", "beans"]), id: "jars")
        }
      })
    let json = screen.accessibilityHierarchyJSON()
    expectSnapshot(json, named: "grid")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    let list = try #require(root.first?["container"] as? [String: Any])
    let children = try #require(list["children"] as? [[String: Any]])
    #expect(children.count == 2, "the heading, then the grid")
    let table = try #require(children.last?["container"] as? [String: Any])
    let type = try #require((table["_0"] as? [String: Any])?["type"] as? [String: Any])
    let shape = try #require(type["dataTable"] as? [String: Int])
    #expect(shape == ["rowCount": 3, "columnCount": 2])
    let cells = try #require(table["children"] as? [[String: Any]])
    #expect(cells.compactMap { ($0["element"] as? [String: Any])?["traversalIndex"] as? Int } == [1, 2, 3, 4, 5])
    let first = try #require((cells.first?["element"] as? [String: Any])?["_0"] as? [String: Any])
    #expect(first["description"] as? String == "flour, row 1, column 1, 1 of 5")
    #expect(failures.messages.isEmpty, "\(failures.messages)")
  }

  /// Labels with quotes, tabs, control characters and emoji; traits with a
  /// bit the model has no name for; a dimmed element, which responds to
  /// nothing.
  @Test("any label, any traits")
  func edges() throws {
    let (screen, failures) = recordingScreen(width: 20, height: 2)
    var items = chores(["tab\there, é 😀", "a \\ \"back\u{1}slash\""])
    items[0].traits = [.adjustable, .notEnabled, AccessibilityTraits(rawValue: 1 << 40)]
    screen.setRoot(ListSection<Chore, ChoreController>(items, id: "list"))
    let json = screen.accessibilityHierarchyJSON()
    expectSnapshot(json, named: "edges")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    let children = try #require((root.first?["container"] as? [String: Any])?["children"] as? [[String: Any]])
    let elements = children.compactMap { ($0["element"] as? [String: Any])?["_0"] as? [String: Any] }
    #expect(elements.map { $0["label"] as? String } == ["tab\there, é 😀", "a \\ \"back\u{1}slash\""])
    #expect(elements.first?["traits"] as? [String] == ["notEnabled", "adjustable", "unknown(1099511627776)"])
    #expect(elements.map { $0["respondsToUserInteraction"] as? Bool } == [false, true])
    #expect(failures.messages.isEmpty, "\(failures.messages)")
  }

  @Test("traits are written by the model's names, in its order, unknown bits last")
  func traitNames() {
    #expect(SnapshotElement.traitNames([.header, .button, .selected]) == ["button", "selected", "header"])
    #expect(SnapshotElement.traitNames(.tabBar) == ["tabBar"])
    #expect(
      SnapshotElement.traitNames(AccessibilityTraits(rawValue: 1 << 16 | 1 << 40)) == ["header", "unknown(1099511627776)"])
    #expect(SnapshotElement.traitNames([]) == [])
  }

  @Test("strings are escaped, numbers written as JSON has them")
  func jsonText() throws {
    let value = JSONText.object([
      ("text", .string("a \"quote\", a \\ and\na line\u{1}é")), ("whole", .number(12)), ("half", .number(2.5)),
      ("negative", .number(-3)), ("empty", .array([])), ("none", .object([])), ("flat", .array([.bool(true)])),
    ])
    #expect(
      value.text == """
        {
          "text": "a \\"quote\\", a \\\\ and\\na line\\u0001é",
          "whole": 12,
          "half": 2.5,
          "negative": -3,
          "empty": [],
          "none": {},
          "flat": [true]
        }
        """)
    let decoded = try #require(try JSONSerialization.jsonObject(with: Data(value.text.utf8)) as? [String: Any])
    #expect(decoded["text"] as? String == "a \"quote\", a \\ and\na line\u{1}é")
  }
}

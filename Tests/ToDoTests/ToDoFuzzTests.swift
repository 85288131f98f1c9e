import Foundation
import ListDiffUI
import ListDiffUITesting
import Testing
import ToDoCore

/// The to-do sample's real sections under `fuzzList`, with the changes a
/// person makes through the app: add, complete, reopen, delete, retitle,
/// annotate, reorder, filter, search, show ids.
@Suite("The to-do screen under the fuzzer", .timeLimit(.minutes(20)))
@MainActor
struct ToDoFuzzTests {
  struct Model: Sendable {
    var items: [ToDoItem] = []
    var filter = ToDoFilter.all
    var search = ""
    var showsIDs = false
    var nextID = 0
  }

  private static let created = Date(timeIntervalSince1970: 1_714_555_800)
  private static let utc = TimeZone(identifier: "UTC")!
  /// Titles of every kind the screen has to fit: short, long, wide (CJK).
  private static let words = ["milk", "call mum", "fix the bike's back brake before the weekend", "山田太郎 寿司", "tax"]

  private static func title(_ random: inout ListFuzzRandom) -> String {
    random.element(of: words)! + (random.chance(0.3) ? " " + random.word(length: random.int(in: 1...12)) : "")
  }

  private static func changes() -> [ListFuzzChange<Model>] {
    [
      ListFuzzChange("add", weight: 4) { model, random in
        let item = ToDoItem(
          id: "t\(model.nextID)", title: title(&random), notes: random.chance(0.3) ? random.word(length: 20) : "",
          createdAt: created.addingTimeInterval(Double(model.nextID) * 60))
        model.nextID += 1
        model.items.insert(item, at: random.int(in: 0...model.items.count))
      },
      ListFuzzChange("done", weight: 3) { model, random in
        if let index = random.index(of: model.items) { model.items[index].isDone.toggle() }
      },
      ListFuzzChange("delete", weight: 2) { model, random in
        if let index = random.index(of: model.items) { model.items.remove(at: index) }
      },
      ListFuzzChange("retitle") { model, random in
        if let index = random.index(of: model.items) { model.items[index].title = title(&random) }
      },
      ListFuzzChange("note") { model, random in
        if let index = random.index(of: model.items) {
          model.items[index].notes = random.bool() ? "" : random.word(length: random.int(in: 1...60))
        }
      },
      ListFuzzChange("reorder") { model, random in
        if let from = random.index(of: model.items) {
          let item = model.items.remove(at: from)
          model.items.insert(item, at: random.int(in: 0...model.items.count))
        }
      },
      ListFuzzChange("filter") { model, random in model.filter = random.element(of: ToDoFilter.allCases)! },
      ListFuzzChange("search") { model, random in
        model.search = random.chance(0.5) ? "" : random.element(of: ["i", "m", "the", "寿司", "zz"])!
      },
      ListFuzzChange("ids") { model, _ in model.showsIDs.toggle() },
    ]
  }

  private static func root(_ model: Model) -> Section? {
    ToDoSections.root(
      for: ToDoSnapshot(items: model.items, filter: model.filter, search: model.search, showsIDs: model.showsIDs),
      timeZone: utc, delegate: .none)
  }

  // 400 steps in a plain `swift test`; CI runs this suite again with
  // LISTDIFFUI_FUZZ_STEPS=3000 (.ci/run), which the step count yields to.
  @Test("random steps keep the to-do screen right", arguments: [false, true])
  func theScreenSurvivesRandomUse(async: Bool) async {
    await fuzzList(
      Model(), seed: 2_024, steps: 400, width: 48, height: 12, applyUpdatesAsync: async,
      changes: Self.changes(), root: Self.root,
      invariant: { model, screen in
        // The header counts what the model holds.
        let open = model.items.filter { !$0.isDone }.count
        let done = model.items.count - open
        let header = screen.text.split(separator: "\n").first ?? ""
        return header.contains("\(open) open") && header.contains("\(done) done")
          ? nil : "the header says \"\(header)\" for \(open) open and \(done) done"
      })
  }
}

import Foundation
import ListDiffUITerminal
import TestSupport
import Testing
import ToDoCore

@Suite("The to-do screen, in-process", .timeLimit(.minutes(20)))
@MainActor
struct SessionTests {
  @Test func theIssueScriptEndsWithEggsOpenAndMilkDone() async {
    let run = await runProgram(["add milk", "add eggs", "done 1"])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    let frames = run.output.components(separatedBy: "todo> ")
    #expect(frames.count == 4)
    #expect(frames.last == """
      done 1
      1 open · 1 done                                  showing all
      ────────────────────────────────────────────────────────────
        1. [ ] eggs
      ── completed (1) ───────────────────────────────────────────
        2. [x] milk
      ────────────────────────────────────────────────────────────
      add TEXT · done N · reopen N · undo · edit N TEXT ·
      note N TEXT · rm N · mv N M · expand N · collapse N ·
      select N · clear-completed · filter all|open|done ·
      search TEXT · scroll up|down|top|bottom · help · quit

      """)
  }

  @Test func badInputGivesOneLineAndChangesNothing() async {
    let long = String(repeating: "x", count: 10_000)
    let run = await runProgram([
      "add milk", "done 7", "frob", "add", "add \(long)", "add bell\u{7}", "edit 1", "mv 1", "filter later",
      "reopen 1",
    ])
    let errors = messages(in: run.errors, labelled: "error: ")
    #expect(errors == [
      "error: no item 7 — there is 1",
      "error: unknown command 'frob' — type help to see the commands",
      "error: the title is empty — type some text after the command",
      "error: the title is 10000 characters long — the limit is 500",
      "error: the title contains the control character U+0007 — only printable text is allowed",
      "error: the title is empty — type some text after the command",
      "error: mv needs more — usage: mv N M",
      "error: filter takes all, open or done, not 'later'",
      "error: item 1 is not done",
    ])
    // Only the first frame and the one after `add milk` were drawn, and
    // every error went to standard error: the program ends saying so.
    #expect(run.output.components(separatedBy: "showing all").count == 3)
    #expect(!run.output.contains("error: "))
    #expect(run.status == 3)
  }

  @Test func expandShowsNotesAndCreatedDate() async {
    let run = await runProgram(["add milk", "note 1 two litres", "expand 1", "collapse 1"])
    let frames = run.output.components(separatedBy: "todo> ")
    #expect(frames[2].contains("  1. [ ] milk (notes)"))
    #expect(frames[3].contains("""
        1. [ ] milk
               two litres
               created 2024-05-01 09:30
      """))
    #expect(frames[4].contains("  1. [ ] milk (notes)\n"))
  }

  @Test func selectTogglesThroughTheController() async {
    let run = await runProgram(["add milk", "add eggs", "select 1", "select 2"])
    let frames = run.output.components(separatedBy: "todo> ")
    #expect(frames[3].contains("  1. [ ] eggs"))
    #expect(frames[3].contains("  2. [x] milk"))
    #expect(frames[4].contains("2 open · 0 done"))
    #expect(frames[4].contains("  1. [ ] milk\n  2. [ ] eggs"))
  }

  @Test func filterAndHeader() async {
    let run = await runProgram(["add milk", "add eggs", "done 2", "filter done", "filter open", "add tea"])
    let frames = run.output.components(separatedBy: "todo> ")
    #expect(frames[4].contains("1 open · 1 done                                 showing done"))
    #expect(frames[4].contains("  1. [x] eggs"))
    #expect(!frames[4].contains("milk"))
    #expect(frames[5].contains("  1. [ ] milk"))
    #expect(!frames[5].contains("eggs"))
    #expect(frames[6].contains("  2. [ ] tea"))
  }

  @Test func scrollingShowsWhereTheViewportIs() async {
    let adds = (1...30).map { "add item \($0)" }
    let run = await runProgram(adds + ["scroll top", "scroll down", "scroll bottom"], arguments: ["--memory", "--height", "10"])
    let frames = run.output.components(separatedBy: "todo> ")
    let top = frames[frames.count - 3]
    #expect(top.hasPrefix("scroll top\n30 open · 0 done"))
    #expect(top.contains("(lines 1–10 of 37 · scroll up|down|top|bottom)"))
    // The counts are pinned over the top two lines: a page down scrolls
    // the eight lines below them (the library's page, VoiceOver's), so the
    // item after the last one seen comes first under the counts.
    #expect(frames[frames.count - 2].contains("(lines 9–18 of 37"))
    #expect(frames[frames.count - 2].hasPrefix("scroll down\n30 open · 0 done"))
    #expect(frames[frames.count - 2].contains("─\n  9. [ ] item 9\n"))
    let bottom = frames[frames.count - 1]
    #expect(bottom.contains("(lines 28–37 of 37"))
    #expect(bottom.hasPrefix("scroll bottom\n30 open · 0 done"))
    #expect(bottom.contains("search TEXT · scroll up|down|top|bottom · help · quit"))
  }

  @Test func addingBelowTheViewportScrollsTheNewItemIntoView() async {
    let adds = (1...12).map { "add item \($0)" }
    let run = await runProgram(adds, arguments: ["--memory", "--height", "6"])
    let last = run.output.components(separatedBy: "todo> ").last ?? ""
    #expect(last.contains(" 12. [ ] item 12\n"))
  }

  @Test func helpAndDiffMessages() async {
    let run = await runProgram(["help", "diff on", "diff off"])
    #expect(run.output.contains("commands (N is the number shown beside an item, or @ID):"))
    // Wrapped to the 60 columns, the explanation under itself.
    #expect(run.output.contains("""
        mv N M                     move item N to position M in
                                   its section
      """))
    for line in run.output.split(separator: "\n") { #expect(line.count <= 60, "\(line)") }
    #expect(run.output.contains("diff: on"))
    #expect(run.output.contains("diff: off"))
  }

  @Test func diffOnPrintsEachBatch() async {
    let run = await runProgram([
      "add milk", "add eggs", "diff on", "add tea", "done 1", "edit 2 green tea", "mv 2 1", "expand 1", "rm 3",
      "filter done", "diff off", "filter all",
    ])
    let lines = run.output.split(separator: "\n").filter { $0.hasPrefix("todo> ") || $0.hasPrefix("diff") }
    #expect(lines == [
      "todo> add milk", "todo> add eggs", "todo> diff on",
      "diff: on — each change prints the batch update it applied",
      "todo> add tea",
      // Rows: header, milk, eggs, footer. Tea is inserted; the header's counts change.
      "diff: deleted [] inserted [3] moved [] updated [0]",
      "todo> done 1",
      // Milk leaves "open" and enters "completed" after its new title row;
      // eggs and tea are renumbered.
      "diff: deleted [1] inserted [3, 4] moved [] updated [0, 2, 3]",
      "todo> edit 2 green tea",
      "diff: deleted [] inserted [] moved [] updated [2]",
      "todo> mv 2 1",
      // A drag: the collection view moves the row itself; the store's root
      // that follows renumbers the two items.
      "diff: dragged row 2 to 1 — the collection view moved it, in no batch",
      "diff: deleted [] inserted [] moved [] updated [1, 2]",
      "todo> expand 1",
      "diff: no batch update — item 1's controller changed its view state and re-sized its cell",
      "todo> rm 3",
      "diff: deleted [3, 4] inserted [] moved [] updated [0]",
      "todo> filter done",
      "diff: deleted [1, 2] inserted [1] moved [] updated [0]",
      "todo> diff off", "diff: off",
      "todo> filter all",
    ])
  }

  @Test func diffOnSaysWhenAChangeLeavesTheScreenAsItWas() async {
    let run = await runProgram(["add milk", "diff on", "filter all", "filter open", "scroll top", "diff off", "filter all"])
    let lines = run.output.split(separator: "\n").filter { $0.hasPrefix("diff") }
    #expect(lines == [
      "diff: on — each change prints the batch update it applied",
      // Already showing all: the same rows, so the data source applied no batch.
      "diff: no change",
      // Only the header's filter changes; nothing completed to hide.
      "diff: deleted [] inserted [] moved [] updated [0]",
      "diff: off",
    ])
  }

  @Test func stableIDsNameItemsWhateverTheirNumber() async {
    let output = await runSessionWithSequentialIDs(
      ["add milk", "add eggs", "ids on", "done @ID2", "edit @id1 oat milk", "reopen @id2", "rm @id", "rm @zz", "ids off"])
    let frames = output.components(separatedBy: "todo> ")
    #expect(frames[3].contains("  1. [ ] milk @id1\n  2. [ ] eggs @id2"))
    #expect(frames[4].contains("  1. [ ] milk @id1\n── completed (1)"))
    #expect(frames[5].contains("  1. [ ] oat milk @id1"))
    #expect(frames[6].contains("  1. [ ] oat milk @id1\n  2. [ ] eggs @id2"))
    #expect(messages(in: output, labelled: "error: ") == [
      "error: several items have ids starting 'id' — type more of it",
      "error: no item shown has an id starting 'zz' — ids on shows them",
    ])
    #expect(frames[9].contains("  2. [ ] eggs\n"))
  }

  @Test func collapsingACollapsedItemIsNoChange() async {
    let run = await runProgram(["add milk", "diff on", "collapse 1", "expand 1", "expand 1"])
    let lines = run.output.split(separator: "\n").filter { $0.hasPrefix("diff: no") }
    #expect(lines == [
      "diff: no change",
      "diff: no batch update — item 1's controller changed its view state and re-sized its cell",
      "diff: no change",
    ])
  }

  /// Frames, help and notes fit the width; errors are one whole line
  /// each, never wrapped (scripts read them).
  @Test func messagesAndHelpFitNarrowScreens() async {
    for width in [20, 27, 33, 41, 49] {
      let run = await runProgram(["help", "frobnicate the list please", "done 99", "add milk"], environment: ["COLUMNS": "\(width)"])
      for line in run.output.split(separator: "\n") where !line.hasPrefix("todo> ") {
        #expect(TerminalText.columns(line) <= width, "width \(width): \(line)")
      }
      let errors = run.errors.split(separator: "\n")
      #expect(errors.count == 2 && errors.allSatisfy { $0.hasPrefix("error: ") }, "width \(width): \(run.errors)")
      #expect(errors.first?.hasPrefix("error: unknown command 'frobnicate' — type help") == true, "width \(width)")
    }
  }

  @Test func quitStopsReading() async {
    let run = await runProgram(["add milk", "quit", "add eggs"])
    #expect(!run.output.contains("eggs"))
    #expect(run.status == 0)
  }

  @Test func badArgumentsExitWithStatusTwo() async {
    let run = await runProgram([], arguments: ["--frob"])
    #expect(run.status == 2)
    #expect(run.errors.hasPrefix("todo: unknown option '--frob'\n\nusage: todo"))
    #expect(run.output.isEmpty)
    let badClock = await runProgram([], environment: ["TODO_NOW": "noon"])
    #expect(badClock.status == 2)
    #expect(badClock.errors.contains("TODO_NOW should be an ISO 8601 time"))
  }

  /// Thousands of random commands: after each, the frame the collection
  /// view renders equals the list drawn straight from the store's snapshot
  /// at the screen's scroll offset. Any cell the batch updates forgot to
  /// insert, delete, move, reconfigure or resize would show here. With
  /// `diff on` throughout, every batch the session prints, replayed as
  /// UIKit applies a batch, turns the rows shown before into the rows shown
  /// after, updating exactly the rows whose view model changed.
  @Test func framesAlwaysMatchAReferenceDrawing() async throws {
    var steps = 0
    for seed: UInt64 in 1...30 {
      var generator = SeededGenerator(seed: seed)
      var width = Int.random(in: 30...100, using: &generator)
      let height = Int.random(in: 5...25, using: &generator)
      let ids = SequentialIDs()
      let store = ToDoStore(clock: .fixed(fixedDate), makeID: ids.make)
      let screen = ToDoScreen(store: store, width: width, height: height, timeZone: utc)
      let transcript = Transcript()
      let session = ToDoSession(store: store, screen: screen, interactive: false, write: transcript.write)
      await session.start()
      #expect(await session.handle("diff on"), "seed \(seed)")
      var expanded = Set<String>()
      var previousRows = referenceRows(for: await store.snapshot, timeZone: utc)
      for step in 0..<80 {
        // Now and then the terminal is resized between commands. Every
        // row's text changes with the width, but no view model does, so
        // this is no batch.
        if Int.random(in: 0..<12, using: &generator) == 0 {
          width = Int.random(in: 30...100, using: &generator)
          screen.resize(width: width)
        }
        let before = await store.snapshot
        let line = randomLine(before, using: &generator)
        let written = transcript.text.count
        #expect(await session.handle(line), "seed \(seed) step \(step)")
        let after = await store.snapshot
        let output = transcript.text.dropFirst(written)
        let failed = output.contains("\nerror: ")
        let context = "seed \(seed) step \(step) width \(width) height \(height): \(line)"
        if failed {
          #expect(after.items == before.items && after.filter == before.filter, "\(context)")
        }
        // Expanded state follows `expand`/`collapse` and the item's id: the
        // screen gives it back to a new controller for the item when a
        // filter or search showed it again, or it moved between sections.
        let words = line.split(separator: " ")
        if !failed, let number = words.count == 2 ? Int(words[1]) : nil {
          if words[0] == "expand" { expanded.insert(expansionKey(before.shownItems[number - 1])) }
          if words[0] == "collapse" { expanded.remove(expansionKey(before.shownItems[number - 1])) }
        }

        let (lines, completed) = referenceList(for: after, expanded: expanded, width: width)
        let offset = Int(screen.collectionView.contentOffset.y)
        #expect(offset >= 0 && offset <= max(0, lines.count - height), "\(context): offset \(offset)")
        #expect(Int(screen.collectionView.contentSize.height) == lines.count, "\(context)")
        // The reference rows are the data source's items, one for one…
        let rows = referenceRows(for: after, timeZone: utc)
        #expect(screen.dataSource.itemCount == rows.count, "\(context)")
        for (index, row) in rows.enumerated() {
          let found = screen.dataSource.indexPath(forIdentifier: row.identifier, sectionPath: row.sectionPath)
          #expect(found?.item == index, "\(context): row \(index) \(row.identity)")
        }
        // …and the batch printed for the command is the change between them.
        let printed = output.split(separator: "\n").filter { $0.hasPrefix("diff: ") }
        if !failed && words.first != "scroll" {
          #expect(!printed.isEmpty, "\(context): no diff line")
        }
        let batchProblems = problems(withPrinted: printed, from: previousRows, to: rows)
        #expect(batchProblems.isEmpty, "\(context): \(batchProblems)")
        previousRows = rows

        let frame = screen.frame()
        let expected = referenceFrame(lines, offset: offset, height: height, completed: completed)
        #expect(frame == expected, "\(context)")
        if frame != expected { break }
        steps += 1
      }
      await session.finish()
    }
    #expect(steps == 30 * 80)
  }
}

/// A random command line, biased towards ones that name an existing item.
private func randomLine(_ snapshot: ToDoSnapshot, using generator: inout SeededGenerator) -> String {
  let shown = snapshot.shownItems.count
  let n = Int.random(in: 0...(shown + 1), using: &generator)
  let m = Int.random(in: 1...max(1, shown), using: &generator)
  let title = randomTitle(using: &generator)
  switch Int.random(in: 0..<20, using: &generator) {
  case 0, 1, 2, 3: return "add \(title)"
  case 4, 5: return "done \(n)"
  case 6: return "reopen \(n)"
  case 7: return "edit \(n) \(title)"
  case 8: return "note \(n) \(Bool.random(using: &generator) ? title + " " + title + " " + title : "")"
  case 9: return "rm \(n)"
  case 10: return "mv \(n) \(m)"
  case 11, 12: return "expand \(n)"
  case 13: return "collapse \(n)"
  case 14: return "select \(n)"
  case 15: return Bool.random(using: &generator) ? "clear-completed" : "add \(title)"
  case 16: return "filter \(["all", "all", "open", "done"].randomElement(using: &generator)!)"
  default: return "scroll \(["up", "down", "top", "bottom"].randomElement(using: &generator)!)"
  }
}

import Foundation
import ToDoCore

/// Collects what a session writes.
@MainActor
final class Transcript {
  private(set) var text = ""
  func write(_ piece: String) { text += piece }
}

let utc = TimeZone(identifier: "UTC")!

/// Runs the whole program in-process over `script`, as `todo` would with
/// the script on a pipe, and returns what it wrote.
@MainActor
func runProgram(
  _ script: [String], arguments: [String] = ["--memory"], environment: [String: String] = [:]
) async -> (output: String, errors: String, status: Int32) {
  let output = Transcript()
  let errors = Transcript()
  var environment = environment
  environment["COLUMNS"] = environment["COLUMNS"] ?? "60"
  environment["TODO_NOW"] = environment["TODO_NOW"] ?? "2024-05-01T09:30:00Z"
  let lines = AsyncStream<String> { continuation in
    for line in script { continuation.yield(line) }
    continuation.finish()
  }
  let status = await ToDoProgram.run(
    arguments: arguments, environment: environment, interactive: false, lines: lines,
    output: .init(standardOutput: output.write, standardError: errors.write), timeZone: utc,
    terminalWidth: { nil })
  return (output.text, errors.text, status)
}

/// Runs a session over `script` on a memory store whose ids are id1, id2,
/// …, 60 columns by 20 lines, and returns what it wrote.
@MainActor
func runSessionWithSequentialIDs(_ script: [String]) async -> String {
  let ids = SequentialIDs()
  let store = ToDoStore(clock: .fixed(fixedDate), makeID: ids.make)
  let screen = ToDoScreen(store: store, width: 60, height: 20, timeZone: utc)
  let output = Transcript()
  let session = ToDoSession(store: store, screen: screen, interactive: false, write: output.write)
  let lines = AsyncStream<String> { continuation in
    for line in script { continuation.yield(line) }
    continuation.finish()
  }
  await session.run(lines: lines)
  return output.text
}

/// The messages labelled `label` ("error: ", "note: ") in a transcript,
/// each with its wrapped lines (indented as far as the label) joined back
/// with spaces.
func messages(in output: String, labelled label: String) -> [String] {
  let indent = String(repeating: " ", count: label.count)
  var found: [String] = []
  var inMessage = false
  for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix(label) {
      found.append(String(line))
      inMessage = true
    } else if inMessage, line.hasPrefix(indent) {
      found[found.count - 1] += " " + line.dropFirst(indent.count)
    } else {
      inMessage = false
    }
  }
  return found
}

/// The whole list as it should be drawn, line by line, computed from a
/// snapshot directly rather than through sections, diffs and cells: the
/// reference the rendered frames are checked against.
func referenceLines(for snapshot: ToDoSnapshot, expanded: Set<String>, width: Int) -> [String] {
  referenceList(for: snapshot, expanded: expanded, width: width).lines
}

/// The whole list as ``referenceLines(for:expanded:width:)`` draws it, and
/// the lines of the completed section (its title first), whose title pins.
func referenceList(
  for snapshot: ToDoSnapshot, expanded: Set<String>, width: Int
) -> (lines: [String], completed: Range<Int>?) {
  var completed: Range<Int>?
  var lines = ToDoLines.header(
    openCount: snapshot.openCount, doneCount: snapshot.doneCount, filter: snapshot.filter, width: width)
  let open = Array(snapshot.shownOpenItems)
  let done = Array(snapshot.shownDoneItems)
  func itemLines(_ item: ToDoItem, _ position: Int) -> [String] {
    ToDoLines.item(
      position: position, title: item.title, isDone: item.isDone, notes: item.notes,
      created: ToDoLines.createdText(item.createdAt, timeZone: utc),
      isExpanded: expanded.contains(expansionKey(item)), width: width)
  }
  for (index, item) in open.enumerated() { lines += itemLines(item, index + 1) }
  if !done.isEmpty {
    let start = lines.count
    lines += ToDoLines.completedTitle(count: done.count, width: width)
    for (index, item) in done.enumerated() { lines += itemLines(item, open.count + index + 1) }
    completed = start..<lines.count
  }
  // With no item shown, the line saying why (the scripts here never search).
  if open.isEmpty && done.isEmpty {
    let filtered = snapshot.filter == .done ? "nothing completed yet" : "nothing open"
    lines += ToDoLines.placeholder(snapshot.items.isEmpty ? "nothing to do — add TEXT adds an item" : filtered, width: width)
  }
  return (lines + ToDoLines.footer(width: width), completed)
}

/// An item's expanded state belongs to its controller, which belongs to the
/// item in one section.
func expansionKey(_ item: ToDoItem) -> String {
  item.id
}

/// `lines[offset ..< offset + height]` as `ToDoScreen.frame()` returns it,
/// with the pinned headers drawn over it: the first two lines (the counts
/// and their rule) at the top of the viewport, the completed section's
/// title (the first line of `completed`) stacked below them while the
/// section reaches below them, pushed up by the section's end and then
/// drawn under the counts.
func referenceFrame(_ lines: [String], offset: Int, height: Int, completed: Range<Int>? = nil) -> String {
  var window = Array(lines.dropFirst(offset).prefix(height))
  let headerLength = 2
  if lines.count >= headerLength && height >= headerLength {
    let headerStart = max(0, min(offset, lines.count - headerLength))
    let top = max(offset, headerStart + headerLength)
    if let completed, completed.upperBound > offset, completed.lowerBound < offset + height, offset + height - top >= 1 {
      let start = max(completed.lowerBound, min(top, completed.upperBound - 1))
      if start - offset >= 0 && start - offset < window.count { window[start - offset] = lines[completed.lowerBound] }
    }
    for line in 0..<headerLength where headerStart + line - offset >= 0 && headerStart + line - offset < window.count {
      window[headerStart + line - offset] = lines[line]
    }
  }
  window = window.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
  while window.last?.isEmpty == true { window.removeLast() }
  return window.joined(separator: "\n")
}

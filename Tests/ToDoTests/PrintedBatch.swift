import Foundation
import ListDiffUI
import ToDoCore

/// One `diff: deleted [..] inserted [..] moved [a→b] updated [..]` line, read
/// back from a transcript.
struct PrintedBatch: Equatable {
  var deletes: [Int]
  var inserts: [Int]
  var moves: [Move]
  var updates: [Int]

  struct Move: Equatable {
    var from: Int
    var to: Int
  }

  /// Reads a printed batch line; nil if it is not one, to the character.
  init?(line: some StringProtocol) {
    let prefix = "diff: deleted ["
    guard line.hasPrefix(prefix), line.hasSuffix("]") else { return nil }
    let body = String(line.dropFirst(prefix.count).dropLast())
    let parts = body.components(separatedBy: "] inserted [").flatMap { $0.components(separatedBy: "] moved [") }
      .flatMap { $0.components(separatedBy: "] updated [") }
    guard parts.count == 4 else { return nil }
    func indexes(_ text: String) -> [Int]? {
      if text.isEmpty { return [] }
      let numbers = text.components(separatedBy: ", ").compactMap { Int($0) }
      return numbers.count == text.components(separatedBy: ", ").count ? numbers : nil
    }
    guard let deletes = indexes(parts[0]), let inserts = indexes(parts[1]), let updates = indexes(parts[3])
    else { return nil }
    var moves: [Move] = []
    if !parts[2].isEmpty {
      for text in parts[2].components(separatedBy: ", ") {
        let ends = text.components(separatedBy: "→")
        guard ends.count == 2, let from = Int(ends[0]), let to = Int(ends[1]) else { return nil }
        moves.append(Move(from: from, to: to))
      }
    }
    self.deletes = deletes
    self.inserts = inserts
    self.moves = moves
    self.updates = updates
  }

  /// Where each item after the batch comes from when UIKit applies it to
  /// `oldCount` items: the old index of a kept item, nil for an inserted
  /// one (`ListDiffUpdate.apply(to:inserting:)`). Nil if UIKit would reject
  /// the batch, or its lists are not ascending or update a deleted item.
  func sources(oldCount: Int) -> [Int?]? {
    guard deletes == deletes.sorted(), inserts == inserts.sorted(), updates == updates.sorted(),
      updates.allSatisfy({ (0..<oldCount).contains($0) && !deletes.contains($0) })
    else { return nil }
    let update = ListDiffUpdate(
      deletes: deletes, inserts: inserts, moves: moves.map { ListMoveIndex(from: $0.from, to: $0.to) },
      updates: updates, oldItemCount: oldCount, newItemCount: oldCount - deletes.count + inserts.count)
    var sources = (0..<oldCount).map(Optional.some)
    do {
      try update.apply(to: &sources) { _ in nil }
    } catch {
      return nil
    }
    return sources
  }
}

/// One cell of the screen as the tests work it out from a snapshot,
/// independently of the data source: the ids of the sections around it,
/// whether it is an item, and its view model.
struct ReferenceRow: Equatable {
  enum Model: Equatable {
    case label(ToDoLabelViewModel)
    case item(ToDoItemViewModel)
  }
  var sectionPath: [String]
  var model: Model

  var identifier: String {
    switch model {
    case .label(let label): label.identifier
    case .item(let item): item.identifier
    }
  }

  /// What makes two rows the same cell: section path, kind and identifier.
  var identity: [String] {
    let kind = if case .item = model { "item" } else { "label" }
    return sectionPath + [kind, identifier]
  }
}

/// The rows the screen shows for `snapshot`, top to bottom, following the
/// layout `ToDoSections` documents.
func referenceRows(for snapshot: ToDoSnapshot, timeZone: TimeZone) -> [ReferenceRow] {
  let content = ToDoScreenContent(snapshot, timeZone: timeZone)
  var rows = [ReferenceRow(sectionPath: [], model: .label(content.header))]
  rows += content.open.map { ReferenceRow(sectionPath: [ToDoSections.openID], model: .item($0)) }
  let completed = [ToDoSections.completedID]
  if !content.completed.isEmpty {
    let title = ToDoLabelViewModel(identifier: "title", content: .completedTitle(count: content.completed.count))
    rows.append(ReferenceRow(sectionPath: completed, model: .label(title)))
    rows += content.completed.map {
      ReferenceRow(sectionPath: completed + [ToDoSections.completedItemsID], model: .item($0))
    }
  }
  // The root's placeholder, in its own scope, while no item shows.
  if rows.count == 1 { rows.append(ReferenceRow(sectionPath: [], model: .label(content.placeholder))) }
  if let footer = content.footer { rows.append(ReferenceRow(sectionPath: [], model: .label(footer))) }
  return rows
}

/// What is wrong with the `diff:` lines one command printed, as the change
/// from `old` rows to `new` ones: each batch, replayed as UIKit applies it,
/// must turn `old` into `new`, with updates exactly where a kept row's view
/// model changed. A drag's line (`mv`) moves its row in `old` first.
func problems(withPrinted lines: [Substring], from old: [ReferenceRow], to new: [ReferenceRow]) -> [String] {
  var batches: [PrintedBatch] = []
  var old = old
  for line in lines {
    if line == "diff: no change" || line.hasPrefix("diff: no batch update — ") { continue }
    // A drag: the collection view moved the row itself, before any batch.
    if line.hasPrefix("diff: dragged row ") {
      let words = line.split(separator: " ")
      guard words.count > 5, let from = Int(words[3]), let to = Int(words[5]), old.indices.contains(from),
        old.indices.contains(to)
      else { return ["not a drag line: \(line)"] }
      old.insert(old.remove(at: from), at: to)
      continue
    }
    guard let batch = PrintedBatch(line: line) else { return ["not a batch line: \(line)"] }
    batches.append(batch)
  }
  guard let batch = batches.first else {
    return old == new ? [] : ["the rows changed but no batch was printed"]
  }
  guard batches.count == 1 else { return ["\(batches.count) batches for one command"] }
  guard let sources = batch.sources(oldCount: old.count) else { return ["UIKit would reject \(batch)"] }
  guard sources.count == new.count else { return ["\(batch) leaves \(sources.count) rows, not \(new.count)"] }
  var problems: [String] = []
  let oldIdentities = Set(old.map(\.identity))
  var changed: [Int] = []
  for (index, source) in sources.enumerated() {
    if let source {
      if old[source].identity != new[index].identity {
        problems.append("row \(index) replays to \(old[source].identity), shows \(new[index].identity)")
      } else if old[source] != new[index] {
        changed.append(source)
      }
    } else if oldIdentities.contains(new[index].identity) {
      problems.append("row \(index) inserted, but \(new[index].identity) was shown already")
    }
  }
  if changed.sorted() != batch.updates {
    problems.append("updated \(batch.updates), but the view models of \(changed.sorted()) changed")
  }
  return problems
}

// A deliberately literal transcription of IGListKit's IGListDiff.mm
// (`IGListDiffing` and `-[IGListIndexSetResult resultForBatchUpdates]`), kept
// slow and obvious so the engine can be checked against it index for index.
// Test-only: it uses Dictionary and class entries exactly where IGListKit
// uses std::unordered_map and IGListEntry.

import ListDiff

struct ReferenceResult: Equatable, CustomStringConvertible {
  var inserts: [Int]
  var deletes: [Int]
  var updates: [Int]
  var moves: [ListMoveIndex]
  var description: String {
    "inserts \(inserts) deletes \(deletes) updates \(updates) moves \(moves)"
  }
}

private final class Entry {
  var oldCounter = 0
  var newCounter = 0
  var oldIndexes: [Int?] = []  // a stack; nil plays NSNotFound
  var updated = false
}

/// IGListKit's diff. `oldMap`/`newMap` hold the last index of each identifier,
/// as `addIndexToMap` leaves them.
func referenceDiff<T: ListDiffable>(
  _ oldArray: [T], _ newArray: [T], option: ListDiffOption = .equality,
  oldMap: inout [T.DiffIdentifier: Int], newMap: inout [T.DiffIdentifier: Int]
) -> ReferenceResult {
  let newCount = newArray.count
  let oldCount = oldArray.count
  if newCount == 0 {
    for (i, object) in oldArray.enumerated() { oldMap[object.diffIdentifier] = i }
    return ReferenceResult(inserts: [], deletes: Array(0..<oldCount), updates: [], moves: [])
  }
  if oldCount == 0 {
    for (i, object) in newArray.enumerated() { newMap[object.diffIdentifier] = i }
    return ReferenceResult(inserts: Array(0..<newCount), deletes: [], updates: [], moves: [])
  }

  var table: [T.DiffIdentifier: Entry] = [:]
  func entry(_ key: T.DiffIdentifier) -> Entry {
    if let existing = table[key] { return existing }
    let created = Entry()
    table[key] = created
    return created
  }

  // pass 1
  var newEntries: [Entry] = []
  var newIndex = [Int?](repeating: nil, count: newCount)
  for i in 0..<newCount {
    let e = entry(newArray[i].diffIdentifier)
    e.newCounter += 1
    e.oldIndexes.append(nil)
    newEntries.append(e)
  }
  // pass 2, descending
  var oldEntries = [Entry?](repeating: nil, count: oldCount)
  var oldIndex = [Int?](repeating: nil, count: oldCount)
  for i in stride(from: oldCount - 1, through: 0, by: -1) {
    let e = entry(oldArray[i].diffIdentifier)
    e.oldCounter += 1
    e.oldIndexes.append(i)
    oldEntries[i] = e
  }
  // pass 3
  for i in 0..<newCount {
    let e = newEntries[i]
    let originalIndex = e.oldIndexes.removeLast()
    if let originalIndex, originalIndex < oldCount {
      let n = newArray[i]
      let o = oldArray[originalIndex]
      let sameInstance: Bool
      if T.self is AnyObject.Type {
        sameInstance = (n as AnyObject) === (o as AnyObject)
      } else {
        sameInstance = false
      }
      switch option {
      case .pointerPersonality where T.self is AnyObject.Type:
        if !sameInstance { e.updated = true }
      default:
        if !sameInstance && !n.isEqual(toDiffableObject: o) { e.updated = true }
      }
    }
    if let originalIndex, e.newCounter > 0, e.oldCounter > 0 {
      newIndex[i] = originalIndex
      oldIndex[originalIndex] = i
    }
  }

  var inserts: [Int] = []
  var deletes: [Int] = []
  var updates: [Int] = []
  var moves: [ListMoveIndex] = []
  var deleteOffsets = [Int](repeating: 0, count: oldCount)
  var insertOffsets = [Int](repeating: 0, count: newCount)
  var runningOffset = 0
  for i in 0..<oldCount {
    deleteOffsets[i] = runningOffset
    if oldIndex[i] == nil {
      deletes.append(i)
      runningOffset += 1
    }
    oldMap[oldArray[i].diffIdentifier] = i
  }
  runningOffset = 0
  for i in 0..<newCount {
    insertOffsets[i] = runningOffset
    if let o = newIndex[i] {
      if newEntries[i].updated { updates.append(o) }
      if o - deleteOffsets[o] + insertOffsets[i] != i {
        moves.append(ListMoveIndex(from: o, to: i))
      }
    } else {
      inserts.append(i)
      runningOffset += 1
    }
    newMap[newArray[i].diffIdentifier] = i
  }
  // NSIndexSet semantics: sorted, no repeats.
  return ReferenceResult(
    inserts: inserts, deletes: deletes, updates: Array(Set(updates)).sorted(), moves: moves)
}

func referenceDiff<T: ListDiffable>(
  _ oldArray: [T], _ newArray: [T], option: ListDiffOption = .equality
) -> ReferenceResult {
  var oldMap: [T.DiffIdentifier: Int] = [:]
  var newMap: [T.DiffIdentifier: Int] = [:]
  return referenceDiff(oldArray, newArray, option: option, oldMap: &oldMap, newMap: &newMap)
}

/// IGListKit's `resultForBatchUpdates`, maps included.
func referenceBatch<T: ListDiffable>(
  _ oldArray: [T], _ newArray: [T], option: ListDiffOption = .equality
) -> ReferenceResult {
  var oldMap: [T.DiffIdentifier: Int] = [:]
  var newMap: [T.DiffIdentifier: Int] = [:]
  let raw = referenceDiff(oldArray, newArray, option: option, oldMap: &oldMap, newMap: &newMap)
  var deletes = Set(raw.deletes)
  var inserts = Set(raw.inserts)
  var filteredUpdates = Set(raw.updates)
  var filteredMoves = raw.moves
  for i in stride(from: raw.moves.count - 1, through: 0, by: -1) {
    let move = raw.moves[i]
    if filteredUpdates.contains(move.from) {
      filteredMoves.remove(at: i)
      filteredUpdates.remove(move.from)
      deletes.insert(move.from)
      inserts.insert(move.to)
    }
  }
  for (key, index) in oldMap where filteredUpdates.contains(index) {
    deletes.insert(index)
    inserts.insert(newMap[key]!)
  }
  return ReferenceResult(
    inserts: inserts.sorted(), deletes: deletes.sorted(), updates: [], moves: filteredMoves)
}

extension ListDiffResult {
  var reference: ReferenceResult {
    ReferenceResult(inserts: inserts, deletes: deletes, updates: updates, moves: moves)
  }
}

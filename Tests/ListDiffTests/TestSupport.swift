import ListDiff
import TestSupport

/// A value with an identity and a payload that can change under it.
struct Item: ListDiffable, Equatable, CustomStringConvertible {
  var id: Int
  var payload: Int
  var diffIdentifier: Int { id }
  var description: String { payload == 0 ? "\(id)" : "\(id)·\(payload)" }
}

/// A class element, for pointer personality.
final class Box: ListDiffable {
  let id: String
  let payload: Int
  init(_ id: String, _ payload: Int = 0) {
    self.id = id
    self.payload = payload
  }
  var diffIdentifier: String { id }
  func isEqual(toDiffableObject other: Box) -> Bool { id == other.id && payload == other.payload }
}

/// What a collection view holds after applying `result` the way UIKit applies
/// a batch: deletes and move sources leave (old indexes); inserts and move
/// destinations take their new indexes; the survivors fill the remaining
/// slots in their old order. Each slot holds the old index it came from, or
/// nil for an insert. Returns nil, with a reason, if UIKit would reject the
/// batch's shape (indexes out of range or used twice).
func replay(
  oldCount: Int, newCount: Int, inserts: [Int], deletes: [Int], moves: [ListMoveIndex]
) -> Result<[Int?], ReplayError> {
  let deleted = Set(deletes)
  let moveSources = Set(moves.map(\.from))
  let moveTargets = Set(moves.map(\.to))
  let inserted = Set(inserts)
  guard deleted.count == deletes.count else { return .failure(.init("a delete repeats")) }
  guard inserted.count == inserts.count else { return .failure(.init("an insert repeats")) }
  guard moveSources.count == moves.count, moveTargets.count == moves.count else {
    return .failure(.init("two moves share an index"))
  }
  guard deleted.isDisjoint(with: moveSources) else { return .failure(.init("delete and move of one item")) }
  guard inserted.isDisjoint(with: moveTargets) else { return .failure(.init("insert and move to one index")) }
  guard deletes.allSatisfy({ (0..<oldCount).contains($0) }),
    moves.allSatisfy({ (0..<oldCount).contains($0.from) && (0..<newCount).contains($0.to) }),
    inserts.allSatisfy({ (0..<newCount).contains($0) })
  else { return .failure(.init("index out of range")) }
  guard oldCount - deletes.count + inserts.count == newCount else {
    return .failure(.init("invalid number of items: \(oldCount) - \(deletes.count) + \(inserts.count) != \(newCount)"))
  }
  var slots = [Int??](repeating: .none, count: newCount)
  for index in inserts { slots[index] = .some(nil) }
  for move in moves { slots[move.to] = .some(move.from) }
  var survivors = (0..<oldCount).filter { !deleted.contains($0) && !moveSources.contains($0) }
    .makeIterator()
  for index in 0..<newCount where slots[index] == nil {
    guard let survivor = survivors.next() else { return .failure(.init("too few survivors")) }
    slots[index] = .some(survivor)
  }
  guard survivors.next() == nil else { return .failure(.init("too many survivors")) }
  return .success(slots.map { $0! })
}

struct ReplayError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Random old/new pairs: `unique` draws permutations with edits, otherwise
/// identifiers come from a small alphabet and repeat freely.
func randomPair(
  using generator: inout SeededGenerator, unique: Bool, maxCount: Int = 24
) -> (old: [Item], new: [Item]) {
  let oldCount = Int.random(in: 0...maxCount, using: &generator)
  if unique {
    var old = (0..<oldCount).map { Item(id: $0, payload: 0) }
    old.shuffle(using: &generator)
    var new = old.filter { _ in Int.random(in: 0..<4, using: &generator) != 0 }
    let insertCount = Int.random(in: 0...maxCount / 3, using: &generator)
    for offset in 0..<insertCount {
      new.insert(Item(id: 1000 + offset, payload: 0), at: Int.random(in: 0...new.count, using: &generator))
    }
    if new.count > 1 {
      for _ in 0..<Int.random(in: 0...3, using: &generator) {
        let from = Int.random(in: 0..<new.count, using: &generator)
        let element = new.remove(at: from)
        new.insert(element, at: Int.random(in: 0...new.count, using: &generator))
      }
    }
    for index in new.indices where Int.random(in: 0..<5, using: &generator) == 0 {
      new[index].payload = Int.random(in: 1...3, using: &generator)
    }
    return (old, new)
  }
  let alphabet = Int.random(in: 1...8, using: &generator)
  let newCount = Int.random(in: 0...maxCount, using: &generator)
  func draw(_ count: Int, _ generator: inout SeededGenerator) -> [Item] {
    (0..<count).map { _ in
      Item(
        id: Int.random(in: 0..<alphabet, using: &generator),
        payload: Int.random(in: 0..<6, using: &generator) == 0 ? 1 : 0)
    }
  }
  let old = draw(oldCount, &generator)
  // Half the time start from the old array, so long common runs occur.
  var new: [Item]
  if Bool.random(using: &generator) {
    new = old
    for _ in 0..<Int.random(in: 0...4, using: &generator) {
      switch Int.random(in: 0..<3, using: &generator) {
      case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &generator))
      case 1: new.insert(draw(1, &generator)[0], at: Int.random(in: 0...new.count, using: &generator))
      default: if !new.isEmpty { new[Int.random(in: 0..<new.count, using: &generator)].payload += 1 }
      }
    }
  } else {
    new = draw(newCount, &generator)
  }
  return (old, new)
}

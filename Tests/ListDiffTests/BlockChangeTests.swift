import Foundation
import ListDiff
import TestSupport
import Testing

/// Lists changed in one block, as they usually are (a page loaded into the
/// middle, older messages above, a run deleted), against IGListKit's
/// transcription, index for index: the engine keeps their common prefix and
/// suffix out of the hashed middle, and keeps the suffix only where it pairs
/// as IGListKit pairs it, so what these cases press on is where repeated
/// identifiers, moves and colliding fingerprints make it must not.
///
/// Every case runs through both entry points, with every identifier type
/// the engine treats apart (`Int`, `String` with ordinary and with
/// deliberately colliding fingerprints, a `Hashable` whose hashes collide)
/// and, for class elements, `.pointerPersonality`; `isEqual` must be asked
/// about the matched pairs exactly, once each.
///
/// `LISTDIFF_EXACTNESS_CASES=N` runs the long form: every block size from 1
/// to 2,000 for each kind of block (10,000 cases), and N − 10,000 random
/// cases. Without it, a sample of sizes and 300 random cases.
@Suite("listDiff: block changes")
struct BlockChangeTests {
  /// The cases of the long form, if asked for.
  static let longCases = ProcessInfo.processInfo.environment["LISTDIFF_EXACTNESS_CASES"].flatMap { Int($0) }

  /// The block sizes swept for each kind: all of 1...2,000 in the long form,
  /// else the small ones, those around the engine's blocks of 32 and 64, and
  /// a few large.
  static var sweptSizes: [Int] {
    if longCases != nil { return Array(1...2_000) }
    return Array(1...12) + [31, 32, 33, 63, 64, 65, 100, 257, 1_000, 2_000]
  }

  /// Every kind of block at every swept size, with repeats, moves and
  /// updates drawn as in the random cases.
  @Test func everyBlockSizeMatchesIGListKit() {
    var checked = 0
    for (offset, size) in Self.sweptSizes.enumerated() {
      for (index, kind) in BlockCase.Kind.allCases.enumerated() {
        let seed = UInt64(offset * BlockCase.Kind.allCases.count + index)
        let blockCase = BlockCase(seed: 0xB10C_0000 &+ seed, kind: kind, size: size)
        guard BlockCaseCheck.passes(blockCase) else { return }
        checked += 1
      }
    }
    #expect(checked == Self.sweptSizes.count * BlockCase.Kind.allCases.count)
  }

  /// Random cases: any kind, mostly small blocks.
  @Test func randomBlockChangesMatchIGListKit() {
    let count = Self.longCases.map { max(0, $0 - 2_000 * BlockCase.Kind.allCases.count) } ?? 300
    var checked = 0
    for seed in 0..<UInt64(count) {
      guard BlockCaseCheck.passes(BlockCase(seed: 0x5EED_B10C &+ seed)) else { return }
      checked += 1
    }
    #expect(checked == count)
  }

  /// The colliding strings collide: equal lengths and equal cheap
  /// fingerprints, so that the cases using them exercise what they claim.
  @Test func collidingStringsShareTheirFingerprint() {
    let fingerprints = (0..<2_048).map { index -> Int? in
      let string = CollidingStrings.string(index)
      return string.utf8.withContiguousStorageIfAvailable { _StringFingerprint.fold($0, seed: 7) } ?? nil
    }
    #expect(fingerprints.allSatisfy { $0 != nil })
    #expect(Set(fingerprints.prefix(1_024)).count == 1)
    #expect(Set(fingerprints.suffix(1_024)).count == 1)
    #expect(Set((0..<2_048).map(CollidingStrings.string)).count == 2_048)
  }
}

/// One generated case: an old list and the new one, as identifier numbers
/// and payloads, changed in one block.
struct BlockCase: CustomStringConvertible {
  enum Kind: CaseIterable { case inserted, deleted, prepended, appended, replaced }

  struct Slot {
    var id: Int
    var payload: Int
  }

  var old: [Slot] = []
  var new: [Slot] = []
  var seed: UInt64
  /// What was drawn, for the failure message.
  var drawn: [String] = []
  /// How the identifier numbers become strings.
  var stringsCollide = false

  var description: String {
    func show(_ slots: [Slot]) -> String {
      slots.map { $0.payload == 0 ? "\($0.id)" : "\($0.id)·\($0.payload)" }.joined(separator: " ")
    }
    return "seed \(seed) \(drawn.joined(separator: ", "))\nold \(show(old))\nnew \(show(new))"
  }

  /// The case drawn from `seed`; `kind` and `size` fixed if given.
  ///
  /// About 85 lines: the features are drawn in one place so that any
  /// combination of them can occur, and each is a few lines.
  init(seed: UInt64, kind fixedKind: Kind? = nil, size fixedSize: Int? = nil) {
    self.seed = seed
    var generator = SeededGenerator(seed: seed)
    func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &generator) == 0 }
    func draw(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    let kind = fixedKind ?? Kind.allCases[draw(0...4)]
    let size =
      fixedSize ?? (chance(20) ? draw(201...2_000) : chance(4) ? draw(17...200) : draw(1...16))
    // Mostly short ends, sometimes long ones; and half the time a tail of
    // a quarter to a half of the block, which the engine checks and keeps
    // (it lets a tail shorter than a quarter of the middle join it).
    let prefixCount = kind == .prepended ? 0 : chance(10) ? draw(25...300) : draw(0...24)
    let tailCount =
      kind == .appended
      ? 0 : chance(2) ? size / 4 + draw(1...max(1, size / 4)) : chance(10) ? draw(25...300) : draw(1...24)
    drawn = ["\(kind) \(size)", "prefix \(prefixCount)", "tail \(tailCount)"]
    stringsCollide = chance(3)
    if stringsCollide { drawn.append("colliding strings") }

    var nextID = 0
    func fresh() -> Int {
      defer { nextID += 1 }
      return nextID
    }
    var prefix = (0..<prefixCount).map { _ in fresh() }
    var tail = (0..<tailCount).map { _ in fresh() }
    let oldBlockCount = kind == .inserted || kind == .prepended || kind == .appended ? 0 : size
    let newBlockCount = kind == .deleted ? 0 : kind == .replaced ? draw(1...max(1, size)) : size
    var oldBlock = (0..<oldBlockCount).map { _ in fresh() }
    var newBlock = (0..<newBlockCount).map { _ in fresh() }

    // Repeats inside the block: some identifiers of each side's block
    // drawn again from a few of that block.
    func repeatSome(_ block: inout [Int]) {
      for index in block.indices where chance(4) { block[index] = block[draw(0...min(3, block.count - 1))] }
    }
    if chance(3) {
      drawn.append("repeats in the block")
      repeatSome(&oldBlock)
      repeatSome(&newBlock)
    }
    // Repeats across the block's boundary: block identifiers that are also
    // the prefix's last or the tail's first.
    if chance(3) {
      drawn.append("repeats across the boundary")
      let near = Array(prefix.suffix(3) + tail.prefix(3))
      if !near.isEmpty {
        for index in oldBlock.indices where chance(3) { oldBlock[index] = near[draw(0...near.count - 1)] }
        for index in newBlock.indices where chance(3) { newBlock[index] = near[draw(0...near.count - 1)] }
      }
    }
    // Repeats in the tail, and tail identifiers that the block has too.
    if chance(3) && !tail.isEmpty {
      drawn.append("repeats in the tail")
      for index in tail.indices where chance(5) { tail[index] = tail[draw(0...tail.count - 1)] }
      if chance(2) {
        for index in tail.indices where chance(6) {
          if let id = (oldBlock + newBlock).randomElement(using: &generator) { tail[index] = id }
        }
      }
    }
    if chance(6) && !prefix.isEmpty {
      drawn.append("repeats in the prefix")
      for index in prefix.indices where chance(5) { prefix[index] = prefix[draw(0...prefix.count - 1)] }
    }
    var newTail = tail
    // Moves between the block and the tail: old tail items taken into the
    // new block, and old block items put back into the new tail.
    if chance(3) {
      drawn.append("moves between block and tail")
      for _ in 0..<draw(1...3) where !newTail.isEmpty && newBlockCount > 0 {
        let moved = newTail.remove(at: draw(0...newTail.count - 1))
        newBlock.insert(moved, at: draw(0...newBlock.count))
      }
      for _ in 0..<draw(1...3) where !oldBlock.isEmpty {
        newTail.insert(oldBlock[draw(0...oldBlock.count - 1)], at: draw(0...newTail.count))
      }
    }
    old = (prefix + oldBlock + tail).map { Slot(id: $0, payload: 0) }
    new = (prefix + newBlock + newTail).map { Slot(id: $0, payload: 0) }
    // Updates, anywhere.
    let updateOneIn = chance(2) ? 20 : 1_000_000
    for index in new.indices where chance(updateOneIn) { new[index].payload = draw(1...3) }
  }
}

/// Strings whose cheap fingerprints collide, 1,024 to a family: 16 ASCII
/// bytes, the first eight with a chosen set of ten bits flipped and the
/// last eight with each of those bits' image under the fold's rotation
/// flipped, which leaves the fold (the first word rotated by 23 bits,
/// exclusive-or the second) unchanged. Bits at positions 1 to 6 of a byte
/// land at positions 0 to 5, so every byte stays ASCII.
enum CollidingStrings {
  static let flipped = [1, 2, 3, 9, 10, 11, 17, 18, 19, 25]

  /// The `index`-th string: family `index / 1,024`, member `index % 1,024`.
  static func string(_ index: Int) -> String {
    let family = index / 1_024
    let member = index % 1_024
    var first: UInt64 = 0
    var second: UInt64 = 0
    for (offset, byte) in Array("abcdefgh".utf8).enumerated() { first |= UInt64(byte) << (8 * offset) }
    for (offset, byte) in Array("ijklmnop".utf8).enumerated() { second |= UInt64(byte) << (8 * offset) }
    first ^= UInt64(family % 16) << 49  // the seventh byte's low bits: another fold per family
    for (position, bit) in flipped.enumerated() where member & (1 << position) != 0 {
      first ^= 1 << UInt64(bit)
      second ^= 1 << UInt64((bit + 23) % 64)
    }
    let bytes = (0..<8).map { UInt8(truncatingIfNeeded: first >> (8 * $0)) }
      + (0..<8).map { UInt8(truncatingIfNeeded: second >> (8 * $0)) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The string identifiers of the cases, made once (string interpolation in
/// an unoptimized test costs more than the diff): heap strings of 36 bytes,
/// and `CollidingStrings`.
enum StringIdentifiers {
  /// More than any case's identifier numbers reach (a block of 2,000 on
  /// each side and ends of 300).
  static let count = 8_192
  static let ordinary = (0..<count).map { "item-\($0)-" + String(repeating: "x", count: 31 - "\($0)".count) }
  static let colliding = (0..<count).map(CollidingStrings.string)
}

/// An identifier whose hashes collide on purpose: three values to a hash.
struct ClashingID: Hashable, CustomStringConvertible {
  var value: Int
  static func == (lhs: ClashingID, rhs: ClashingID) -> Bool { lhs.value == rhs.value }
  func hash(into hasher: inout Hasher) { hasher.combine(value / 3) }
  var description: String { "\(value)" }
}

/// An element with any identifier type.
struct Keyed<ID: Hashable>: ListDiffable, Equatable {
  var id: ID
  var payload: Int
  var diffIdentifier: ID { id }
}

/// The checks of one case.
///
/// IGListKit's result depends only on which identifiers are equal and on
/// the equality answers, which renaming the identifiers one for one keeps:
/// so the transcription (slow: the test target is not optimized) runs once
/// per case, on the `Int` identifiers, and every identifier type's result
/// is held against it.
enum BlockCaseCheck {
  /// Whether `blockCase` gives IGListKit's result for every identifier
  /// type and entry point; records an issue naming it otherwise.
  static func passes(_ blockCase: BlockCase) -> Bool {
    func keyed<ID: Hashable>(_ slots: [BlockCase.Slot], _ id: (Int) -> ID) -> [Keyed<ID>] {
      slots.map { Keyed(id: id($0.id), payload: $0.payload) }
    }
    let old = keyed(blockCase.old, { $0 })
    let new = keyed(blockCase.new, { $0 })
    let expected = Expected(
      result: referenceDiff(old, new),
      pairs: Set(igListKitPairs(old.map(\.id), new.map(\.id)).map { $0.old * (new.count + 1) + $0.new }),
      oldIsUnique: Set(old.map(\.id)).count == old.count)
    let strings = blockCase.stringsCollide ? StringIdentifiers.colliding : StringIdentifiers.ordinary
    let oldStrings = keyed(blockCase.old, { strings[$0] })
    let newStrings = keyed(blockCase.new, { strings[$0] })
    guard check(old, new, expected, "Int", blockCase),
      check(oldStrings, newStrings, expected, "String", blockCase)
    else { return false }
    // Hashes that all collide make the middle quadratic: small cases only.
    if blockCase.old.count + blockCase.new.count <= 800 {
      let clash = { ClashingID(value: $0) }
      guard check(keyed(blockCase.old, clash), keyed(blockCase.new, clash), expected, "ClashingID", blockCase)
      else { return false }
    }
    if blockCase.seed % 8 == 0 { return checkPointerPersonality(blockCase) }
    return true
  }

  /// IGListKit's result for a case, and its matched pairs (old index ×
  /// (new count + 1) + new index).
  struct Expected {
    var result: ReferenceResult
    var pairs: Set<Int>
    /// Whether no identifier repeats in the old list.
    var oldIsUnique: Bool
  }

  /// Both entry points on `old` and `new` against `expected`, and the
  /// pairs `isEqual` is asked about against its pairs.
  static func check<ID: Hashable>(
    _ old: [Keyed<ID>], _ new: [Keyed<ID>], _ expected: Expected, _ type: String, _ blockCase: BlockCase
  ) -> Bool {
    let byElement = listDiff(oldArray: old, newArray: new).reference
    var asked: [Int] = []
    let byIdentifier = listDiff(oldIdentifiers: old.map(\.id), newIdentifiers: new.map(\.id)) { k, j in
      asked.append(k * (new.count + 1) + j)
      return old[k].payload == new[j].payload
    }.reference
    let askedOnceEach = asked.count == expected.pairs.count && Set(asked) == expected.pairs
    let context = "\(type) \(blockCase)"
    #expect(byElement == expected.result, "listDiff(oldArray:newArray:) \(context)")
    #expect(byIdentifier == expected.result, "listDiff(oldIdentifiers:newIdentifiers:isEqual:) \(context)")
    #expect(askedOnceEach, "isEqual not asked about the matched pairs once each: \(context)")
    var passed = byElement == expected.result && byIdentifier == expected.result && askedOnceEach
    // Old identifiers without repeats: the package entry point too.
    if expected.oldIsUnique {
      let byUniqueOld = listDiff(uniqueOldIdentifiers: old.map(\.id), newIdentifiers: new.map(\.id)) {
        old[$0].payload == new[$1].payload
      }.reference
      #expect(byUniqueOld == expected.result, "listDiff(uniqueOldIdentifiers:...) \(context)")
      passed = passed && byUniqueOld == expected.result
    }
    return passed
  }

  /// IGListKit's pairs: the k-th occurrence of an identifier in `new` with
  /// its k-th in `old`.
  static func igListKitPairs<ID: Hashable>(_ old: [ID], _ new: [ID]) -> [(old: Int, new: Int)] {
    var occurrences: [ID: [Int]] = [:]
    for (index, id) in old.enumerated() { occurrences[id, default: []].append(index) }
    var taken: [ID: Int] = [:]
    var pairs: [(old: Int, new: Int)] = []
    for (index, id) in new.enumerated() {
      let count = taken[id, default: 0]
      if let olds = occurrences[id], count < olds.count { pairs.append((olds[count], index)) }
      taken[id] = count + 1
    }
    return pairs
  }

  /// Class elements: an unchanged item is the same instance, a changed one
  /// another; both options against the reference.
  static func checkPointerPersonality(_ blockCase: BlockCase) -> Bool {
    var instances: [Int: Box] = [:]
    func box(_ slot: BlockCase.Slot) -> Box {
      if slot.payload != 0 { return Box("\(slot.id)", slot.payload) }
      if let shared = instances[slot.id] { return shared }
      let made = Box("\(slot.id)")
      instances[slot.id] = made
      return made
    }
    let old = blockCase.old.map(box)
    let new = blockCase.new.map(box)
    for option in [ListDiffOption.equality, .pointerPersonality] {
      let ours = listDiff(oldArray: old, newArray: new, option: option).reference
      let theirs = referenceDiff(old, new, option: option)
      #expect(ours == theirs, "\(option) \(blockCase)")
      if ours != theirs { return false }
    }
    return true
  }
}

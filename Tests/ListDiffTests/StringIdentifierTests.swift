import ListDiff
import TestSupport
import Testing

/// A string-identified element: the engine hashes ASCII identifiers with its
/// fast hash and switches to `Hasher` at the first it meets that is not.
struct Named: ListDiffable, Equatable, CustomStringConvertible {
  var id: String
  var payload: Int
  var diffIdentifier: String { id }
  var description: String {
    let shown = id.unicodeScalars.map { $0.isASCII ? String($0) : "U+\(String($0.value, radix: 16))" }
      .joined()
    return payload == 0 ? shown : "\(shown)·\(payload)"
  }
}

/// String identifiers, ASCII or not, give IGListKit's result; spellings Swift
/// calls equal ("é" as one scalar or two, the Kelvin sign and "K") are one
/// identity, wherever in the arrays they stand and whichever pass of the
/// diff hashes them first.
@Suite("listDiff: string identifiers")
struct StringIdentifierTests {
  /// Identifiers of every kind the fast hash meets: short (stored inline)
  /// and long ASCII, and spellings that are not ASCII, some of them equal to
  /// each other or to an ASCII one.
  static let pool: [String] = {
    var pool = (0..<40).map { "id-\($0)" }
    pool += (0..<20).map { "a-long-identifier-that-lives-on-the-heap-\($0)" }
    pool += [
      "\u{E9}", "e\u{301}",  // "é" composed and decomposed: equal
      "K", "\u{212A}",  // "K" and the Kelvin sign: equal
      "\u{C5}", "A\u{30A}", "\u{212B}",  // "Å" three ways: equal
      "caf\u{E9}-a-long-identifier-that-lives-on-the-heap",
      "cafe\u{301}-a-long-identifier-that-lives-on-the-heap",
      "\u{FC}ber", "na\u{EF}ve", "\u{1F600}",
    ]
    return pool
  }()

  /// Index of the first pool entry that is not ASCII.
  static let firstNonASCII = pool.firstIndex { !$0.utf8.allSatisfy { $0 < 0x80 } }!

  /// A random pair whose identifiers are not ASCII with probability
  /// `nonASCII`; unique old identifiers when `unique`.
  static func randomPair(
    using generator: inout SeededGenerator, nonASCII: Double, unique: Bool, maxCount: Int
  ) -> (old: [Named], new: [Named]) {
    func draw(_ generator: inout SeededGenerator) -> String {
      if Double.random(in: 0..<1, using: &generator) < nonASCII {
        return pool[Int.random(in: firstNonASCII..<pool.count, using: &generator)]
      }
      return pool[Int.random(in: 0..<firstNonASCII, using: &generator)]
    }
    func payload(_ generator: inout SeededGenerator) -> Int {
      Int.random(in: 0..<4, using: &generator) == 0 ? Int.random(in: 1...3, using: &generator) : 0
    }
    // Unique identifiers come from the ASCII part of the pool (40 short and
    // 20 long ones) and the few identities outside it: at most 40 are drawn.
    let count = Int.random(in: 0...(unique ? Swift.min(maxCount, 40) : maxCount), using: &generator)
    var old: [Named] = []
    while old.count < count {
      let id = draw(&generator)
      if unique && old.contains(where: { $0.id == id }) { continue }
      old.append(Named(id: id, payload: 0))
    }
    // Keep long runs so that the prefix, the suffix and the middle's
    // run-following all take part, then edit in a few places.
    var new = old
    for _ in 0..<Int.random(in: 0...4, using: &generator) {
      let position = Int.random(in: 0...new.count, using: &generator)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: new.insert(Named(id: draw(&generator), payload: 0), at: position)
      case 1 where position < new.count: new.remove(at: position)
      case 2 where position < new.count:
        let item = new.remove(at: position)
        new.insert(item, at: Int.random(in: 0...new.count, using: &generator))
      default:
        // Respell an identifier: the same identity, other bytes.
        if position < new.count,
          let twin = pool.first(where: {
            $0 == new[position].id && !$0.utf8.elementsEqual(new[position].id.utf8)
          })
        {
          new[position].id = twin
        }
      }
    }
    for index in new.indices { new[index].payload = payload(&generator) }
    return (old, new)
  }

  /// Thousands of random pairs, each identifier outside ASCII with one of
  /// three probabilities (none, rare, common), match IGListKit's result.
  @Test(arguments: [(0, 0.0), (1, 0.02), (2, 0.3)])
  func resultsMatchIGListKit(run: UInt64, nonASCII: Double) {
    for seed in 0..<UInt64(2_000) {
      var generator = SeededGenerator(seed: 0x5751_0000 &+ seed &* 4 &+ run)
      let (old, new) = Self.randomPair(
        using: &generator, nonASCII: nonASCII, unique: seed % 2 == 0, maxCount: seed % 10 == 0 ? 200 : 30)
      let ours = listDiff(oldArray: old, newArray: new).reference
      let theirs = referenceDiff(old, new)
      #expect(ours == theirs, "seed \(seed) nonASCII \(nonASCII)\nold \(old)\nnew \(new)")
      if ours != theirs { return }
    }
  }

  /// Every matched pair is asked about once, and only matched pairs are,
  /// however late in the diff an identifier that is not ASCII turns up.
  @Test func eachPairIsAskedOnceWhenTheHashChangesMidway() {
    for seed in 0..<UInt64(2_000) {
      var generator = SeededGenerator(seed: 0xA5C0_0000 &+ seed)
      let (old, new) = Self.randomPair(
        using: &generator, nonASCII: 0.05, unique: seed % 2 == 0, maxCount: 60)
      var asked: [Int: Int] = [:]
      var askedUnequal = 0
      let result = listDiff(oldIdentifiers: old.map(\.id), newIdentifiers: new.map(\.id)) { k, j in
        asked[k * 1_000 + j, default: 0] += 1
        if old[k].id != new[j].id { askedUnequal += 1 }
        return old[k].payload == new[j].payload
      }
      let reference = referenceDiff(old, new)
      #expect(result.reference == reference, "seed \(seed)\nold \(old)\nnew \(new)")
      let matched = old.count - result.deletes.count
      #expect(asked.count == matched, "seed \(seed): \(asked.count) pairs asked, \(matched) matched")
      #expect(asked.values.allSatisfy { $0 == 1 }, "seed \(seed): a pair asked twice")
      #expect(askedUnequal == 0, "seed \(seed): \(askedUnequal) pairs of unequal identifiers asked")
      // The pairs asked are the matched pairs: replaying the result gives
      // each new slot the old item it came from.
      if case .success(let slots) = replay(
        oldCount: old.count, newCount: new.count, inserts: result.inserts,
        deletes: result.deletes, moves: result.moves)
      {
        let pairs = Set(slots.enumerated().compactMap { j, k in k.map { $0 * 1_000 + j } })
        #expect(Set(asked.keys) == pairs, "seed \(seed): the pairs asked are not the matched pairs")
      } else {
        Issue.record("seed \(seed): the result does not replay")
      }
    }
  }

  /// The Kelvin sign is "K" to Swift, so an item respelled with it is the
  /// same item, found by the middle's table whichever side holds which: the
  /// ASCII "K" indexed with the fast hash and the Kelvin sign looked up (the
  /// table then refilled with `Hasher`), or the other way round.
  @Test(arguments: [
    // "K" indexed with the fast hash, the Kelvin sign looked up.
    (["a", "b", "K", "c", "d"], ["d", "a", "\u{212A}", "x", "b"], "K", 2),
    // The other way round, with "é" spelled two ways as well.
    (["a", "b", "\u{212A}", "c", "e\u{301}"], ["\u{E9}", "a", "K", "x", "b"], "\u{E9}", 0),
  ])
  func canonicallyEquivalentSpellingsAreOneIdentity(
    oldIDs: [String], newIDs: [String], respelled: String, newIndex: Int
  ) {
    let old = oldIDs.map { Named(id: $0, payload: 0) }
    let new = newIDs.map { Named(id: $0, payload: 0) }
    let result = listDiff(oldArray: old, newArray: new)
    #expect(result.reference == referenceDiff(old, new))
    #expect(result.deletes == [3])
    #expect(result.inserts == [3])
    #expect(result.newIndex(forIdentifier: respelled) == newIndex)
  }

  /// An identifier that is not ASCII in each place a hash is taken: the old
  /// middle, a new item the middle must look up, and the common prefix and
  /// suffix that the update pass hashes.
  @Test func aNonASCIIIdentifierInEachPass() {
    let ascii = (0..<12).map { "item-\($0)" }
    func named(_ ids: [String], changed: Set<Int> = []) -> [Named] {
      ids.enumerated().map { Named(id: $1, payload: changed.contains($0) ? 1 : 0) }
    }
    // In the old middle.
    var old = named(ascii + ["\u{FC}ber"])
    var new = named(["\u{FC}ber"] + ascii.reversed())
    #expect(listDiff(oldArray: old, newArray: new).reference == referenceDiff(old, new))
    // Only in the new middle, where a look-up hashes it (the old spelling is
    // ASCII and equal).
    old = named(["z"] + ascii + ["K"])
    new = named(["\u{212A}"] + ascii.reversed() + ["y"])
    #expect(listDiff(oldArray: old, newArray: new).reference == referenceDiff(old, new))
    // In a common prefix and suffix, with more than four changed
    // identifiers there, so that the update pass hashes them: first with a
    // changed identifier that is not ASCII (its first loop, over the changed
    // identifiers, meets it), then with only ASCII ones changed (its second
    // loop, over every paired identifier, meets the unchanged "é" and "Å").
    old = named(["\u{E9}"] + ascii + ["m1", "m2"] + ascii.map { $0 + "s" } + ["\u{212B}"])
    for changed: Set<Int> in [[0, 2, 4, 6, 8, 20, 22, 24, 27], [2, 4, 6, 8, 20, 22, 24]] {
      new = named(
        ["e\u{301}"] + ascii + ["m2", "m1"] + ascii.map { $0 + "s" } + ["\u{C5}"], changed: changed)
      let result = listDiff(oldArray: old, newArray: new)
      #expect(result.reference == referenceDiff(old, new), "changed \(changed.sorted())")
      #expect(result.updates.count == changed.count, "changed \(changed.sorted())")
    }
    // A changed "K" at the start marks, as IGListKit does, every pair of its
    // identifier: also the unchanged Kelvin sign at the end, which only a
    // hash that spells them alike finds.
    old = named(["K"] + ascii + ["m1", "m2"] + ascii.map { $0 + "s" } + ["\u{212A}"])
    new = named(
      ["K"] + ascii + ["m2", "m1"] + ascii.map { $0 + "s" } + ["\u{212A}"], changed: [0, 2, 4, 6, 8])
    let result = listDiff(oldArray: old, newArray: new)
    #expect(result.reference == referenceDiff(old, new))
    #expect(result.updates.contains(old.count - 1))
  }

  /// ListDiffUI's entry point (package access), which reads identifiers in
  /// place from the elements through an `_IdentifierReading`, gives exactly
  /// what `listDiff(uniqueOldIdentifiers:newIdentifiers:isEqual:)` gives on
  /// the same identifiers, update targets included, and IGListKit's result,
  /// for thousands of pairs with unique old identifiers, ASCII or not.
  @Test(arguments: [(0, 0.0), (1, 0.05)])
  func readingInPlaceMatchesIdentifierArrays(run: UInt64, nonASCII: Double) {
    enum NamedIDs: _IdentifierReading {
      static func identifier(of element: Named) -> String { element.id }
    }
    for seed in 0..<UInt64(2_000) {
      var generator = SeededGenerator(seed: 0x12EA_D000 &+ seed &* 2 &+ run)
      let (old, new) = Self.randomPair(
        using: &generator, nonASCII: nonASCII, unique: true, maxCount: seed % 10 == 0 ? 200 : 30)
      let arrays = listDiff(uniqueOldIdentifiers: old.map(\.id), newIdentifiers: new.map(\.id)) {
        old[$0].payload == new[$1].payload
      }
      let inPlace = old.withUnsafeBufferPointer { oldBuffer in
        new.withUnsafeBufferPointer { newBuffer in
          _listDiffChanges(uniqueOld: oldBuffer, new: newBuffer, reading: NamedIDs.self) {
            old[$0].payload == new[$1].payload
          }
        }
      }
      let context = "seed \(seed) nonASCII \(nonASCII)\nold \(old)\nnew \(new)"
      #expect(
        inPlace.inserts == arrays.inserts && inPlace.deletes == arrays.deletes
          && inPlace.updates == arrays.updates && inPlace.moves == arrays.moves
          && inPlace.updateTargets == arrays.updateTargets, "\(context)")
      #expect(arrays.reference == referenceDiff(old, new), "\(context)")
      if inPlace.inserts != arrays.inserts || inPlace.moves != arrays.moves { return }
    }
  }
}

/// The random numbers a ``ListFuzzChange`` draws from: seeded, so that a
/// fuzz step replays exactly.
///
/// Each change step of ``fuzzList(_:seed:steps:width:height:applyUpdatesAsync:contextObjects:setUp:changes:gestures:allowing:replay:moved:root:invariant:sourceLocation:)``
/// gets a generator of its own, seeded by the number its replay string
/// shows (`post#3` runs `post` with seed 3), so a step draws the same
/// numbers however many steps ran before it, and removing a step while
/// shrinking leaves the others' numbers alone.
///
/// The sequence is SplitMix64's and the helpers' draws are this type's own
/// (not the standard library's, whose algorithms may change between
/// toolchains), so a seed gives the same numbers on every platform and
/// Swift version.
///
/// ```swift
/// ListFuzzChange("post") { feed, random in
///   feed.posts.insert(Post(id: random.int(in: 0...999)),
///                     at: random.int(in: 0...feed.posts.count))
/// }
/// ```
///
/// It also serves the standard library's `random(in:using:)` and
/// `shuffled(using:)`, which are reproducible on one toolchain.
public struct ListFuzzRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence starts from `seed`. Every seed is valid.
  ///
  /// - Complexity: O(1).
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  ///
  /// - Complexity: O(1).
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mixed(state)
  }

  /// A number in `range`, each equally likely (Lemire's multiply-shift,
  /// with the rejection that removes its bias).
  ///
  /// - Complexity: O(1) expected.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    // The span as an unsigned count minus one: the whole range of Int fits.
    let spanMinusOne = UInt64(UInt(bitPattern: range.upperBound &- range.lowerBound))
    if spanMinusOne == UInt64(UInt.max) { return Int(truncatingIfNeeded: next()) }
    let span = spanMinusOne + 1
    var product = next().multipliedFullWidth(by: span)
    if product.low < span {
      let threshold = (0 &- span) % span
      while product.low < threshold {
        product = next().multipliedFullWidth(by: span)
      }
    }
    return range.lowerBound &+ Int(truncatingIfNeeded: product.high)
  }

  /// A number in `range`, or its lower bound when it is empty (so that
  /// `random.int(in: 0..<items.count)` on an empty list is 0, not a trap).
  ///
  /// - Complexity: O(1) expected.
  public mutating func int(in range: Range<Int>) -> Int {
    range.isEmpty ? range.lowerBound : int(in: range.lowerBound...(range.upperBound - 1))
  }

  /// True with probability `probability` (clamped to 0...1; a NaN counts
  /// as 0): `random.chance(0.1)` for one time in ten.
  ///
  /// - Complexity: O(1).
  public mutating func chance(_ probability: Double) -> Bool {
    guard probability > 0 else { return false }
    // 53 random bits as a fraction in [0, 1).
    return Double(next() >> 11) * 0x1p-53 < min(probability, 1)
  }

  /// True or false, equally likely.
  ///
  /// - Complexity: O(1).
  public mutating func bool() -> Bool {
    next() >> 63 == 1
  }

  /// A random element of `collection`; nil when it is empty.
  ///
  /// - Complexity: O(1) for a random-access collection, O(*n*) otherwise.
  public mutating func element<C: Collection>(of collection: C) -> C.Element? {
    guard !collection.isEmpty else { return nil }
    return collection[collection.index(collection.startIndex, offsetBy: int(in: 0..<collection.count))]
  }

  /// A random index of `collection`; nil when it is empty.
  ///
  /// - Complexity: O(1) for a random-access collection, O(*n*) otherwise.
  public mutating func index<C: Collection>(of collection: C) -> C.Index? {
    guard !collection.isEmpty else { return nil }
    return collection.index(collection.startIndex, offsetBy: int(in: 0..<collection.count))
  }

  /// A random element of `collection`, picked by identity: among the
  /// elements, the one whose identity (`identity(element)`, as text) scores
  /// highest against this draw (rendezvous hashing). Other elements coming
  /// or going do not change the pick while the picked one is there, so a
  /// change that picks an item this way keeps picking it when shrinking
  /// removes the steps that added or removed others; `element(of:)`, which
  /// picks by position, would pick another. Nil when `collection` is empty;
  /// elements with the same identity: the first of them.
  ///
  /// ```swift
  /// ListFuzzChange("read") { inbox, random in
  ///   if let index = random.index(of: inbox.messages, identifiedBy: \.id) {
  ///     inbox.messages[index].isRead = true
  ///   }
  /// }
  /// ```
  ///
  /// The identity is written as text (`String(describing:)`) and hashed
  /// with this type's own function, so a seed picks the same element on
  /// every platform and run.
  ///
  /// - Complexity: O(*n* × *k*) for *n* elements whose identities are *k*
  ///   characters long.
  public mutating func element<C: Collection, Identity>(
    of collection: C, identifiedBy identity: (C.Element) throws -> Identity
  ) rethrows -> C.Element? {
    try index(of: collection, identifiedBy: identity).map { collection[$0] }
  }

  /// The index of a random element of `collection`, picked by identity as
  /// ``element(of:identifiedBy:)`` picks it; nil when it is empty.
  ///
  /// - Complexity: O(*n* × *k*) for *n* elements whose identities are *k*
  ///   characters long.
  public mutating func index<C: Collection, Identity>(
    of collection: C, identifiedBy identity: (C.Element) throws -> Identity
  ) rethrows -> C.Index? {
    let draw = next()
    var best: (index: C.Index, score: UInt64)?
    for index in collection.indices {
      let score = Self.mixed(draw ^ Self.hash(String(describing: try identity(collection[index]))))
      if best.map({ score > $0.score }) ?? true { best = (index, score) }
    }
    return best?.index
  }

  /// FNV-1a over the UTF-8 bytes of `text`: the same number on every
  /// platform and run (the standard library's hashing is seeded per run).
  private static func hash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// SplitMix64's finalizer: every bit of `value` moves the result.
  private static func mixed(_ value: UInt64) -> UInt64 {
    var mixed = value
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A random word of `length` lowercase ASCII letters (a negative length
  /// counts as 0): text for a title, a name or a message.
  ///
  /// - Complexity: O(`length`).
  public mutating func word(length: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    return String((0..<max(0, length)).map { _ in letters[int(in: 0...25)] })
  }
}

/// The controllers a data source found by item index since its list last
/// changed, in pages of `pageSize` consecutive indexes.
///
/// Why pages: a scroll asks for the controllers of a run of consecutive
/// items (each new cell's, then on every callback path after), and the
/// page last read answers the next ask without hashing anything: a
/// dictionary by index hashed every index (an eighth of asking for a
/// cell, in E8's heading moves).
///
/// Invariants:
/// - `count` is the number of filled slots, at most `maximumCount`
///   (reaching it empties the whole, so that a scroll through a million
///   items keeps a few screens' worth);
/// - `lastPage`, when set, is where the page it numbers is in `pages`:
///   adding a page (which may move the others) makes it the new page,
///   removing pages forgets it.
@MainActor
struct ControllersByIndex {
  /// The indexes of a page: a screen or two of one-line items.
  static let pageSize = 1 << pageShift
  private static let pageShift = 6
  /// The most controllers kept.
  static let maximumCount = 16_384

  private typealias Page = [AnyListCellController?]
  private var pages: [Int: Page] = [:]
  private var lastPage: (number: Int, slot: Dictionary<Int, Page>.Index)?
  /// The number of controllers kept.
  private(set) var count = 0

  /// Every index kept and its controller, in no particular order.
  ///
  /// - Complexity: O(*p*) in the slots of the pages.
  var entries: [(index: Int, controller: AnyListCellController)] {
    var entries: [(index: Int, controller: AnyListCellController)] = []
    for (number, page) in pages {
      for (offset, controller) in page.enumerated() {
        if let controller { entries.append((number * Self.pageSize + offset, controller)) }
      }
    }
    return entries
  }

  /// Whether `lastPage` says where its page is (see the invariants).
  ///
  /// - Complexity: O(1) expected.
  var lastPageIsCurrent: Bool {
    guard let lastPage else { return true }
    return pages.index(forKey: lastPage.number) == lastPage.slot
  }

  /// The controller kept for `index`, if any.
  ///
  /// - Complexity: O(1); O(1) expected when `index` is not on the page last
  ///   read.
  mutating func controller(at index: Int) -> AnyListCellController? {
    let (number, offset) = Self.place(of: index)
    guard let slot = slot(ofPage: number) else { return nil }
    return pages.values[slot][offset]
  }

  /// Keeps `controller` as the one at `index`.
  ///
  /// - Complexity: O(1) expected, amortized over the emptying when full.
  mutating func set(_ controller: AnyListCellController, at index: Int) {
    if count >= Self.maximumCount { removeAll(keepingCapacity: true) }
    let (number, offset) = Self.place(of: index)
    let page: Dictionary<Int, Page>.Index
    if let found = slot(ofPage: number) {
      page = found
    } else {
      pages[number] = Page(repeating: nil, count: Self.pageSize)
      page = pages.index(forKey: number)!
      lastPage = (number, page)
    }
    if pages.values[page][offset] == nil { count += 1 }
    pages.values[page][offset] = controller
  }

  /// Lets go of every controller.
  ///
  /// - Complexity: O(*p*) in the pages kept.
  mutating func removeAll(keepingCapacity: Bool) {
    pages.removeAll(keepingCapacity: keepingCapacity)
    lastPage = nil
    count = 0
  }

  /// The page of `index` and its place there (floor division, so that a
  /// negative index has a page of its own too).
  private static func place(of index: Int) -> (page: Int, offset: Int) {
    (index >> pageShift, index & (pageSize - 1))
  }

  /// Where page `number` is in `pages`, if it is there: the last one read
  /// without hashing.
  private mutating func slot(ofPage number: Int) -> Dictionary<Int, Page>.Index? {
    if let lastPage, lastPage.number == number { return lastPage.slot }
    guard let slot = pages.index(forKey: number) else { return nil }
    lastPage = (number, slot)
    return slot
  }
}

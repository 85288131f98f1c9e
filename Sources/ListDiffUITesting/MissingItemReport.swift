import ListDiffUI

/// Why a screen step found no item, with the identifiers a test most likely
/// meant: the same identifier in other sections, identifiers spelled alike,
/// and those on screen.
struct MissingItemReport: CustomStringConvertible {
  var identifier: String
  var sectionPath: [String]
  /// Every item shown, in display order.
  var items: [ListItemID]
  /// The indexes of the items on screen, ascending.
  var visible: [Int]

  /// How many identifiers each list names at most.
  static let limit = 8

  var description: String {
    var text = "no item has the identifier \"\(identifier)\""
    if !sectionPath.isEmpty { text += " in sections \(sectionPath)" }
    if items.isEmpty { return text + "; the list is empty" }
    let elsewhere = items.filter { $0.identifier == identifier }.map(\.sectionPath)
    if !elsewhere.isEmpty {
      text += "; \"\(identifier)\" is in sections "
        + elsewhere.prefix(Self.limit).map { "\($0)" }.joined(separator: ", ")
    }
    let alike = closestIdentifiers()
    if !alike.isEmpty { text += "; spelled alike: " + alike.joined(separator: ", ") }
    let onScreen = visible.prefix(Self.limit).map { items[$0].identifier }
    text += "; on screen: " + (onScreen.isEmpty ? "nothing" : onScreen.joined(separator: ", "))
    return text
  }

  /// Distinct identifiers other than the one sought, nearest in edit
  /// distance first (ties in display order), within half the sought
  /// identifier's length.
  func closestIdentifiers() -> [String] {
    var seen: Set<String> = [identifier]
    var candidates: [(distance: Int, order: Int, identifier: String)] = []
    let bound = max(2, identifier.count / 2)
    for (order, item) in items.enumerated() where seen.insert(item.identifier).inserted {
      let distance = Self.editDistance(identifier, item.identifier)
      if distance <= bound { candidates.append((distance, order, item.identifier)) }
    }
    return candidates.sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }
      .prefix(Self.limit).map(\.identifier)
  }

  /// The Levenshtein distance between `a` and `b`, by characters.
  ///
  /// - Complexity: O(|a| × |b|).
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    var current = previous
    for i in a.indices {
      current[0] = i + 1
      for j in b.indices {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}

import Foundation
import HeadlessCollection

/// Type-to-select as a feature of the data source's lifecycle: typed
/// characters search (``ListDiffDataSource/typeSelect(_:)``), any other
/// key ends the prefix. The state is the prefix typed so far
/// (`TypeSelectPrefix`), changed only here, and the clock it is timed by.
@MainActor
final class TypeSelectFeature: ListFeature {
  private unowned let dataSource: ListDiffDataSource
  /// The keys typed so far.
  private(set) var prefix = TypeSelectPrefix()
  /// The clock the prefix is timed by, in seconds: ListDiffUITesting
  /// replaces it (through the data source's inspection) to type slowly
  /// without waiting.
  var clock: @MainActor () -> Double = { ProcessInfo.processInfo.systemUptime }

  init(_ dataSource: ListDiffDataSource) {
    self.dataSource = dataSource
  }

  /// Adds `character`, typed now, to the prefix: the prefix and whether it
  /// extends the one before.
  func type(_ character: Character) -> (prefix: String, extends: Bool) {
    prefix.type(character, at: clock())
  }

  /// Breaks the prefix's rule on purpose (the tests of the checks).
  func plantPrefixWithoutTime() {
    prefix.plantTextWithoutTime()
  }

  func keyWillBeHandled(_ key: ListKey) {
    if case .character = key { return }
    prefix.reset()
  }

  func handleKey(_ key: ListKey) -> Bool {
    guard case .character(let character) = key else { return false }
    // A letter no item starts with is not the list's: the app may use it.
    return dataSource.typeSelect(character)
  }

  func invariantViolations() -> [InvariantViolation] {
    prefix.invariantViolations(in: dataSource)
  }
}

/// The prefix type-to-select matches: keys typed less than a second apart
/// (NSTableView's rule) add to it; a longer pause starts a new one.
///
/// Invariant: `text` is empty exactly when `lastKey` is nil.
struct TypeSelectPrefix {
  /// The pause, in seconds, after which a key starts a new prefix.
  static let timeout = 1.0
  private(set) var text = ""
  private var lastKey: Double?

  /// Adds `character`, typed at `time` (seconds, any origin), and returns
  /// the prefix and whether it extends the one before.
  ///
  /// - Complexity: O(*k*) in the prefix's length.
  mutating func type(_ character: Character, at time: Double) -> (prefix: String, extends: Bool) {
    let extends = lastKey.map { time - $0 < Self.timeout && time >= $0 } ?? false
    if !extends { text = "" }
    text.append(character)
    lastKey = time
    return (text, extends && text.count > 1)
  }

  /// Ends the prefix (Escape, or a key that is not typed text).
  mutating func reset() {
    text = ""
    lastKey = nil
  }

  /// Breaks the invariant on purpose, for the tests of the checks.
  mutating func plantTextWithoutTime() {
    text = "x"
    lastKey = nil
  }
}

extension TypeSelectPrefix: DataSourcePart {
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("TypeSelectPrefix")
    check.expect(text.isEmpty == (lastKey == nil), "a prefix is timed exactly while it has text")
    return check.violations
  }
}

import ListDiffUI
import Testing

/// One running ``ListScreen/expectWarnings(_:sourceLocation:during:)-(_,_,()->Result)`` block:
/// the kinds it accepts (any warning when empty) and those it saw.
struct WarningExpectation {
  var kinds: Set<ListDiffDiagnostic.Kind>
  var seen: Set<ListDiffDiagnostic.Kind> = []

  func accepts(_ kind: ListDiffDiagnostic.Kind) -> Bool {
    kinds.isEmpty || kinds.contains(kind)
  }

  /// What the block expected and did not see, as a failure message.
  var unmet: String? {
    if kinds.isEmpty {
      return seen.isEmpty ? "expected a warning diagnostic; none was reported" : nil
    }
    let missing = kinds.subtracting(seen).map(\.rawValue).sorted()
    guard !missing.isEmpty else { return nil }
    return "expected a warning of kind \(missing.map { ".\($0)" }.joined(separator: ", ")); "
      + "none was reported"
  }
}

extension ListScreen {
  /// Runs `body`, in which the screen's data source is expected to report
  /// warnings of `kinds` (of any kind when none is given), and returns what
  /// `body` returns.
  ///
  /// Outside such a block, a `.warning` diagnostic fails the running test,
  /// at the screen step that caused it. Inside, warnings of `kinds` are
  /// recorded in ``diagnostics`` without failing, and the test fails at
  /// this call if one of `kinds` (or, with no kinds, any warning) was not
  /// reported by the time `body` returns. Warnings of other kinds still
  /// fail. Notes never fail.
  ///
  /// ```swift
  /// screen.expectWarnings(.duplicateIdentifier) {
  ///   screen.setRoot(
  ///     ListSection<Row, RowController>(rowsWithARepeat))
  /// }
  /// ```
  ///
  /// - Complexity: O(*k*) in the number of kinds, plus `body`.
  @discardableResult
  public func expectWarnings<Result>(
    _ kinds: ListDiffDiagnostic.Kind..., sourceLocation: SourceLocation = #_sourceLocation,
    during body: () throws -> Result
  ) rethrows -> Result {
    warningExpectations.append(WarningExpectation(kinds: Set(kinds)))
    defer { closeWarningExpectation(at: sourceLocation) }
    return try body()
  }

  /// ``expectWarnings(_:sourceLocation:during:)-(_,_,()->Result)`` for a `body` that awaits,
  /// such as `await screen.setRoot(_:)` on an asynchronous data source.
  ///
  /// - Complexity: O(*k*) in the number of kinds, plus `body`.
  @discardableResult
  public func expectWarnings<Result>(
    _ kinds: ListDiffDiagnostic.Kind..., sourceLocation: SourceLocation = #_sourceLocation,
    during body: @MainActor () async throws -> Result
  ) async rethrows -> Result {
    warningExpectations.append(WarningExpectation(kinds: Set(kinds)))
    defer { closeWarningExpectation(at: sourceLocation) }
    return try await body()
  }

  private func closeWarningExpectation(at sourceLocation: SourceLocation) {
    guard let expectation = warningExpectations.popLast() else { return }
    if let unmet = expectation.unmet {
      record(unmet, at: sourceLocation)
    }
  }

  /// Records `diagnostic`; a warning no open block expects fails the test.
  func receive(_ diagnostic: ListDiffDiagnostic) {
    diagnostics.append(diagnostic)
    guard diagnostic.severity == .warning else { return }
    if let index = warningExpectations.lastIndex(where: { $0.accepts(diagnostic.kind) }) {
      warningExpectations[index].seen.insert(diagnostic.kind)
      return
    }
    let kind = diagnostic.kind.rawValue
    // Context objects are given when the screen is made, before any block
    // could expect the warning.
    let remedy =
      diagnostic.kind == .duplicateContextObject
      ? "give each context object a class of its own"
      : "wrap the step in screen.expectWarnings(.\(kind)) { … } if it is meant"
    record("unexpected warning (.\(kind)): \(diagnostic.description); \(remedy)", at: stepLocation)
  }
}

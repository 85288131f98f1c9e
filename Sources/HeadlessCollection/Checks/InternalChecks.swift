/// The invariants the collection view's parts keep, checked from outside
/// the part that keeps each one.
///
/// Each part lists what it finds broken as ``InvariantViolation``s (the
/// part and the rule, in words), so a test can plant a broken state and see
/// the check name it. The collection view runs every part's check after
/// every layout pass and every batch when checks are on (see
/// `internalChecksEnabled`) and stops the program on the first violation:
/// what a broken invariant would do next is undefined.
package struct InvariantViolation: Hashable, Sendable, CustomStringConvertible {
  /// The part whose invariant is broken: "MountedCells", "ReuseQueue", ….
  package var part: String
  /// The rule broken, as written beside the part.
  package var rule: String

  /// A violation of `rule` of `part`.
  ///
  /// - Complexity: O(1).
  package init(_ part: String, _ rule: String) {
    self.part = part
    self.rule = rule
  }

  /// "part: rule".
  package var description: String { "\(part): \(rule)" }
}

/// Whether the internal checks run: in debug builds, and in any build
/// compiled with `-DLISTDIFFUI_INTERNAL_CHECKS` (release too), as
/// swift-collections' `COLLECTIONS_INTERNAL_CHECKS` does. `.ci/run` runs the
/// whole test suite once that way, with every target but the test targets
/// optimized (see `LISTDIFFUI_OPTIMIZE_LIBRARIES` in Package.swift).
package var internalChecksEnabled: Bool {
  #if LISTDIFFUI_INTERNAL_CHECKS
    return true
  #else
    return _isDebugAssertConfiguration()
  #endif
}

/// Collects the violations of one part's rules.
package struct InvariantChecker {
  /// The part checked.
  package let part: String
  /// What was found broken, in the order checked.
  package private(set) var violations: [InvariantViolation] = []

  /// A checker of `part`'s rules.
  package init(_ part: String) {
    self.part = part
  }

  /// Records `rule` as broken unless `holds`.
  ///
  /// - Complexity: O(1) plus `holds`.
  package mutating func expect(_ holds: Bool, _ rule: @autoclosure () -> String) {
    if !holds { violations.append(InvariantViolation(part, rule())) }
  }
}

/// Stops the program when `violations` is not empty, naming the library,
/// the part and the rule of each.
///
/// - Complexity: O(*k*) in the violations.
package func trapOnViolations(_ violations: [InvariantViolation], in library: String, after event: String) {
  guard !violations.isEmpty else { return }
  let list = violations.map(\.description).joined(separator: "; ")
  preconditionFailure("\(library) internal check failed after \(event): \(list)")
}

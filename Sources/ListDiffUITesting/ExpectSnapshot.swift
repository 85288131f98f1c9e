import Foundation
import Testing

/// Checks what `screen` shows (its ``ListScreen/text``) against the text
/// snapshot `name` stored beside the calling test file.
///
/// See the `String` form of `expectSnapshot(_:named:sourceLocation:)` for
/// where snapshots live, how they are recorded and how a mismatch is reported.
///
/// - Complexity: that of drawing the screen, plus comparing and reading the file.
@MainActor
public func expectSnapshot(
  _ screen: ListScreen, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  expectSnapshot(screen.text, named: name, sourceLocation: sourceLocation)
}

/// Checks `text` against the text snapshot `name` of the running test,
/// stored beside the calling test file as
/// `__Snapshots__/<test file name>/<test name>.<name>.txt` (the test's
/// function name, without its argument labels). In both names, every
/// character but ASCII letters and digits, `.`, `_` and `-` becomes `_`, so
/// that no file name has a space, which Bazel's runfiles reject:
/// `expectSnapshot(screen, named: "two rows")` in `func rows()` is stored as
/// `rows.two_rows.txt`.
///
/// - A missing snapshot is written and the test fails once, saying where
///   (swift-snapshot-testing's convention): check the file in.
/// - A stored snapshot that differs fails the test with a line-by-line diff
///   (`-` expected, as stored; `+` actual) and the stored file's path.
///   Windows line endings and a missing final newline in the file do not
///   count as differences.
/// - With the environment variable `LISTDIFFUI_RECORD=1` (or `true`, `yes`,
///   `on`, in any case), every snapshot is written afresh, and the test
///   fails where one changed. Any other value, `0`, `false`, `no` and the
///   empty string included, compares.
/// - A snapshot that cannot be read or written fails the test, naming the
///   path and the reason; no other file is touched.
///
/// Paths come from the test file's `#filePath`, so snapshots work from
/// `swift test` and from Bazel: relative paths are resolved against the
/// workspace; under `bazel test`, declare the `__Snapshots__` folder as
/// `data` of the test, and a snapshot to record is written to the test's
/// outputs, the failure saying where in the workspace it belongs. Call
/// each name once per test; for parameterized tests, put the argument in
/// the name.
///
/// - Complexity: O((*n* + *m*) × *d*) for texts of *n* and *m* lines
///   differing in *d*, plus reading (or writing) the file.
public func expectSnapshot(
  _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let store = SnapshotStore(
    testFilePath: sourceLocation.filePath, environment: ProcessInfo.processInfo.environment)
  store.expect(text, named: name, testName: Test.current?.name ?? "", sourceLocation: sourceLocation)
}

extension SnapshotStore {
  /// Records an issue at `sourceLocation` when `text` fails its snapshot.
  ///
  /// - Complexity: that of ``failure(checking:named:testName:)``.
  package func expect(
    _ text: String, named name: String, testName: String, sourceLocation: SourceLocation
  ) {
    if let failure = failure(checking: text, named: name, testName: testName) {
      Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
  }
}

import Foundation
import Testing

/// The text snapshots of one test file: where they are stored, how stored
/// and actual text are compared, and when a snapshot is (re)recorded.
/// `expectSnapshot(_:named:sourceLocation:)` uses the store
/// beside the calling test file; tests of this module direct one at a
/// temporary directory. Not API.
package struct SnapshotStore: Sendable {
  /// The folder of the test file's snapshots:
  /// `__Snapshots__/<test file name without .swift>` beside the file.
  package var directory: URL

  /// Whether every checked snapshot is written afresh instead of compared
  /// (`LISTDIFFUI_RECORD=1`).
  package var isRecording: Bool

  /// Where snapshots are written when ``directory`` cannot take them (the
  /// runfiles of `bazel test`), with the folder, relative to the workspace,
  /// that they are to be copied to; nil when snapshots are written in
  /// ``directory``.
  package var outputs: (directory: URL, workspaceFolder: String)?

  /// The environment variable that turns recording on.
  package static let recordVariable = "LISTDIFFUI_RECORD"

  /// A store of snapshots in `directory`.
  ///
  /// - Complexity: O(1).
  package init(directory: URL, isRecording: Bool) {
    self.directory = directory
    self.isRecording = isRecording
  }

  /// The store of the test file at `testFilePath`, a `#filePath`, recording
  /// when `environment` sets `LISTDIFFUI_RECORD` to a true value (see
  /// ``recordsSnapshots(_:)``).
  ///
  /// A relative path (Bazel compiles with paths relative to the workspace)
  /// is resolved against the workspace: `BUILD_WORKSPACE_DIRECTORY` under
  /// `bazel run`, the test's runfiles under `bazel test` (declare the
  /// snapshots as `data` there), else the current directory. Under
  /// `bazel test`, which cannot write the workspace, snapshots are written
  /// to the test's undeclared outputs (`bazel-testlogs/…/test.outputs`),
  /// and the failure says where in the workspace they belong.
  ///
  /// - Complexity: O(length of the path).
  package init(testFilePath: String, environment: [String: String]) {
    func snapshotFolder(of file: URL) -> URL {
      file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(file.deletingPathExtension().lastPathComponent, isDirectory: true)
        .standardizedFileURL
    }
    var file = URL(fileURLWithPath: testFilePath)
    if !testFilePath.hasPrefix("/") {
      let workspace = environment["BUILD_WORKSPACE_DIRECTORY"]
      let runfiles = environment["TEST_SRCDIR"].map { srcdir in
        environment["TEST_WORKSPACE"].map { srcdir + "/" + $0 } ?? srcdir
      }
      file = URL(fileURLWithPath: workspace ?? runfiles ?? FileManager.default.currentDirectoryPath)
        .appendingPathComponent(testFilePath)
      if workspace == nil, runfiles != nil, let undeclared = environment["TEST_UNDECLARED_OUTPUTS_DIR"] {
        let relative = snapshotFolder(of: URL(fileURLWithPath: "/" + testFilePath)).path.dropFirst()
        outputs = (
          URL(fileURLWithPath: undeclared).appendingPathComponent(String(relative), isDirectory: true),
          String(relative)
        )
      }
    }
    directory = snapshotFolder(of: file)
    isRecording = Self.recordsSnapshots(environment[Self.recordVariable])
  }

  /// Whether a value of `LISTDIFFUI_RECORD` turns recording on: only the
  /// clearly true `1`, `true`, `yes` and `on`, in any case and with spaces
  /// around them ignored. Anything else — unset, empty, `0`, `false`, `no`,
  /// `off` or a value nobody meant as yes — compares, since recording by
  /// mistake would overwrite every snapshot with whatever the code now draws.
  ///
  /// - Complexity: O(length of the value).
  package static func recordsSnapshots(_ value: String?) -> Bool {
    guard let value else { return false }
    return ["1", "true", "yes", "on"].contains(value.trimmingCharacters(in: .whitespaces).lowercased())
  }

  /// The file of snapshot `name` of the test named `testName`:
  /// `<test>.<name>.txt`, the test's name without its argument labels, each
  /// made safe by ``fileNameSafe(_:)`` (`"two rows"` is stored as `two_rows`).
  ///
  /// - Complexity: O(length of the names).
  package func file(testName: String, snapshotName: String) -> URL {
    let test = testName.split(separator: "(", maxSplits: 1).first.map(String.init) ?? testName
    let stem = [test, snapshotName].filter { !$0.isEmpty }.map(Self.fileNameSafe)
      .joined(separator: ".")
    return directory.appendingPathComponent(stem + ".txt", isDirectory: false)
  }

  /// `text` with every character outside POSIX's portable file name set —
  /// ASCII letters and digits, `.`, `_` and `-` — replaced by one `_`:
  /// spaces, slashes, colons, accented letters, emoji. Bazel's runfiles
  /// reject names with spaces, and other tools and file systems trip on the
  /// rest, so a snapshot's name works wherever the tests run. Names that
  /// differ only in replaced characters share a file.
  ///
  /// - Complexity: O(length of `text`).
  package static func fileNameSafe(_ text: String) -> String {
    String(text.map { isPortable($0) ? $0 : "_" })
  }

  private static func isPortable(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return false }
    switch ascii {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  /// Checks `text` against the stored snapshot `name` of `testName` and
  /// returns why the test fails, or nil when it passes.
  ///
  /// Texts compare as lines: Windows line endings and a missing final
  /// newline in the stored file do not count. A missing snapshot is written
  /// and fails once, saying where; when recording, every snapshot is
  /// written and fails if its text changed. Nothing but that one file (and
  /// its folder, when missing) is written; a failure to read or write says
  /// which path and why.
  ///
  /// - Complexity: O((*n* + *m*) × *d*) for texts of *n* and *m* lines
  ///   differing in *d*, plus the file's reading and writing.
  package func failure(checking text: String, named name: String, testName: String) -> String? {
    let url = file(testName: testName, snapshotName: name)
    let actual = Self.lines(of: text, isFile: false)
    let exists = FileManager.default.fileExists(atPath: url.path)
    var stored: [Substring]?
    if exists {
      do {
        stored = Self.lines(of: try String(contentsOf: url, encoding: .utf8), isFile: true)
      } catch {
        return "Could not read snapshot \"\(name)\" at \(url.path): \(Self.reason(error))"
      }
    }
    if let stored, stored == actual { return nil }
    if let stored, !isRecording {
      return """
        Snapshot "\(name)" does not match \(url.path)
        (- expected, as stored; + actual)
        \(LineDiff(expected: stored, actual: actual))
        To accept the actual text, run the test again with \(Self.recordVariable)=1.
        """
    }
    let folder = outputs?.directory ?? directory
    let written = folder.appendingPathComponent(url.lastPathComponent, isDirectory: false)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data((actual.joined(separator: "\n") + "\n").utf8).write(to: written, options: .atomic)
    } catch {
      return "Could not record snapshot \"\(name)\" at \(written.path): \(Self.reason(error))"
    }
    let place =
      outputs.map {
        "\(written.path), the test's outputs (bazel test cannot write the workspace); "
          + "copy it to \($0.workspaceFolder)/ in the workspace"
      } ?? written.path
    if exists {
      return """
        Recorded snapshot "\(name)" at \(place), as \(Self.recordVariable) is set; \
        run the test again without it to compare.
        """
    }
    return """
      No snapshot "\(name)" was stored; recorded it at \(place). \
      Check it and run the test again to compare.
      """
  }

  /// The lines of `text`, Windows line endings read as newlines. In a
  /// file, a final newline ends the last line (files are written so) rather
  /// than starting an empty one.
  static func lines(of text: String, isFile: Bool) -> [Substring] {
    var text = Substring(text.replacingOccurrences(of: "\r\n", with: "\n"))
    if isFile && text.hasSuffix("\n") { text = text.dropLast() }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// Why a file operation failed, as the system says it: the POSIX error
  /// underneath Foundation's, where there is one.
  static func reason(_ error: any Error) -> String {
    var error = error as NSError
    while error.domain != NSPOSIXErrorDomain,
      let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error
    {
      error = underlying as NSError
    }
    if error.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(error.code)))
    }
    return error.localizedDescription
  }
}

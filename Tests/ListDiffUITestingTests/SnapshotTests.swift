import Foundation
import ListDiffUITesting
import TestSupport
import Testing

@Suite("Text snapshots")
struct SnapshotTests {
  @Test("a stored snapshot that matches passes; one that differs fails with a line diff and its path")
  func mismatchFailsWithDiff() throws {
    // Stored beside this file: "first\nsecond\nthird\n".
    expectSnapshot("first\nsecond\nthird", named: "lines")
    let comments = Collected<String>()
    withKnownIssue {
      expectSnapshot("first\nchanged\nthird\nfourth", named: "lines")
    } matching: { issue in
      comments.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
      return true
    }
    let comment = try #require(comments.values.first)
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__/SnapshotTests/mismatchFailsWithDiff.lines.txt").path
    #expect(
      comment == """
        Snapshot "lines" does not match \(path)
        (- expected, as stored; + actual)
        @@ -1,3 +1,4 @@
         first
        -second
        +changed
         third
        +fourth
        To accept the actual text, run the test again with LISTDIFFUI_RECORD=1.
        """)
    #expect(comments.values.count == 1)
  }

  @Test("a missing snapshot is written and fails once, saying where; then it passes")
  func missingIsRecorded() throws {
    let temporary = try TemporaryDirectory()
    let store = SnapshotStore(directory: temporary.url.appendingPathComponent("Tests"), isRecording: false)
    let failure = try #require(store.failure(checking: "a\nb  \n", named: "new", testName: "someTest()"))
    let file = temporary.url.appendingPathComponent("Tests/someTest.new.txt")
    #expect(failure == "No snapshot \"new\" was stored; recorded it at \(file.path). Check it and run the test again to compare.")
    // Three lines, the last one empty, each ended by a newline.
    #expect(try String(contentsOf: file, encoding: .utf8) == "a\nb  \n\n")
    #expect(temporary.contents() == ["Tests", "Tests/someTest.new.txt"])
    #expect(store.failure(checking: "a\nb  \n", named: "new", testName: "someTest()") == nil)
    #expect(store.failure(checking: "a\nb  ", named: "new", testName: "someTest()") != nil)
    #expect(store.failure(checking: "a\nb\n", named: "new", testName: "someTest()") != nil)
  }

  @Test("record mode writes exactly the expected file, and fails only where the text changed")
  func recordMode() throws {
    let temporary = try TemporaryDirectory()
    let store = SnapshotStore(directory: temporary.url, isRecording: true)
    let file = temporary.url.appendingPathComponent("screen.list.txt")
    try Data("old\ntext\n".utf8).write(to: file)
    try Data("untouched\n".utf8).write(to: temporary.url.appendingPathComponent("screen.other.txt"))

    let failure = try #require(store.failure(checking: "new\ntext", named: "list", testName: "screen()"))
    #expect(failure.hasPrefix("Recorded snapshot \"list\" at \(file.path), as LISTDIFFUI_RECORD is set"))
    #expect(try Data(contentsOf: file) == Data("new\ntext\n".utf8))
    #expect(temporary.contents() == ["screen.list.txt", "screen.other.txt"])
    #expect(
      try String(contentsOf: temporary.url.appendingPathComponent("screen.other.txt"), encoding: .utf8)
        == "untouched\n")
    // Recording the same text again changes nothing and passes.
    #expect(store.failure(checking: "new\ntext", named: "list", testName: "screen()") == nil)
  }

  @Test("Windows line endings and a missing final newline compare as text")
  func lineEndings() throws {
    let temporary = try TemporaryDirectory()
    let store = SnapshotStore(directory: temporary.url, isRecording: false)
    try Data("one\r\ntwo\r\n".utf8).write(to: temporary.url.appendingPathComponent("t.crlf.txt"))
    try Data("one\ntwo".utf8).write(to: temporary.url.appendingPathComponent("t.bare.txt"))
    #expect(store.failure(checking: "one\ntwo", named: "crlf", testName: "t()") == nil)
    #expect(store.failure(checking: "one\ntwo", named: "bare", testName: "t()") == nil)
    #expect(store.failure(checking: "one\r\ntwo", named: "bare", testName: "t()") == nil)
    #expect(store.failure(checking: "one\ntwo\nthree", named: "crlf", testName: "t()") != nil)
    // Nothing was rewritten.
    #expect(try Data(contentsOf: temporary.url.appendingPathComponent("t.crlf.txt")) == Data("one\r\ntwo\r\n".utf8))
  }

  @Test("a folder that cannot be written: the failure names the path and why; nothing else is touched")
  func unwritableFolder() throws {
    let temporary = try TemporaryDirectory()
    // A file where the snapshot folder should be: no one, root included,
    // can create a folder there.
    let blocked = temporary.url.appendingPathComponent("__Snapshots__")
    try Data("a file\n".utf8).write(to: blocked)
    let store = SnapshotStore(directory: blocked.appendingPathComponent("SomeTests"), isRecording: false)
    let failure = try #require(store.failure(checking: "text", named: "x", testName: "t()"))
    let path = blocked.appendingPathComponent("SomeTests/t.x.txt").path
    #expect(failure.hasPrefix("Could not record snapshot \"x\" at \(path): "))
    #expect(failure.contains("Not a directory") || failure.contains("File exists"), "\(failure)")
    #expect(temporary.contents() == ["__Snapshots__"])
    #expect(try String(contentsOf: blocked, encoding: .utf8) == "a file\n")
  }

  @Test("a stored snapshot that is not text fails saying so, and is left as it is")
  func unreadableSnapshot() throws {
    let temporary = try TemporaryDirectory()
    let file = temporary.url.appendingPathComponent("t.binary.txt")
    let bytes = Data([0xFF, 0xFE, 0x00, 0xC3])
    try bytes.write(to: file)
    let store = SnapshotStore(directory: temporary.url, isRecording: false)
    let failure = try #require(store.failure(checking: "text", named: "binary", testName: "t()"))
    #expect(failure.hasPrefix("Could not read snapshot \"binary\" at \(file.path): "))
    #expect(try Data(contentsOf: file) == bytes)
  }

  @Test("paths: beside the test file, named by file, test and snapshot; Bazel's relative paths resolved")
  func paths() {
    let store = SnapshotStore(testFilePath: "/work/Tests/AppTests/ListTests.swift", environment: [:])
    #expect(store.directory.path == "/work/Tests/AppTests/__Snapshots__/ListTests")
    #expect(!store.isRecording)
    #expect(
      store.file(testName: "rendersRows(count:)", snapshotName: "first page").path
        == "/work/Tests/AppTests/__Snapshots__/ListTests/rendersRows.first_page.txt")
    #expect(store.file(testName: "t()", snapshotName: "a/b:c").lastPathComponent == "t.a_b_c.txt")

    let run = SnapshotStore(
      testFilePath: "Tests/AppTests/ListTests.swift", environment: ["BUILD_WORKSPACE_DIRECTORY": "/src/ws"])
    #expect(run.directory.path == "/src/ws/Tests/AppTests/__Snapshots__/ListTests")
    let test = SnapshotStore(
      testFilePath: "./Tests/AppTests/ListTests.swift",
      environment: ["TEST_SRCDIR": "/sandbox/runfiles", "TEST_WORKSPACE": "_main"])
    #expect(test.directory.path == "/sandbox/runfiles/_main/Tests/AppTests/__Snapshots__/ListTests")
    #expect(test.outputs == nil, "no outputs folder given")
    #expect(run.outputs == nil, "bazel run writes the workspace")

    for (value, recording) in [("1", true), ("true", true), ("YES", true), ("0", false), ("false", false), ("", false)] {
      let store = SnapshotStore(testFilePath: "/a/B.swift", environment: ["LISTDIFFUI_RECORD": value])
      #expect(store.isRecording == recording, "LISTDIFFUI_RECORD=\(value)")
    }
    #expect(!SnapshotStore(testFilePath: "/a/B.swift", environment: [:]).isRecording, "unset")
  }

  @Test("snapshot file names keep only ASCII letters, digits, '.', '_' and '-'; anything else is '_'")
  func safeFileNames() {
    let store = SnapshotStore(testFilePath: "/work/Tests/AppTests/ListTests.swift", environment: [:])
    let cases: [(test: String, snapshot: String, file: String)] = [
      ("screenSnapshot()", "two rows", "screenSnapshot.two_rows.txt"),
      ("shows(count:)", "first\tpage\n", "shows.first_page_.txt"),
      ("t()", "a+b@c,d;e", "t.a_b_c_d_e.txt"),
      ("t()", "café ☕️", "t.caf___.txt"),
      ("t()", "keeps-this_one.2", "t.keeps-this_one.2.txt"),
      ("with space()", "x", "with_space.x.txt"),
      ("t()", "", "t.txt"),
    ]
    for (test, snapshot, file) in cases {
      #expect(store.file(testName: test, snapshotName: snapshot).lastPathComponent == file, "\(test) \(snapshot)")
    }
    // Random names: every character of the result is portable, and it has as
    // many characters as the input.
    let seed: UInt64 = 0x5AFE_F11E
    var generator = SeededGenerator(seed: seed)
    let alphabet = Array("aZ09._- /:\t\\\"'é☕️+@()[]*?~\u{0}")
    for _ in 0..<2_000 {
      let name = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
      let safe = SnapshotStore.fileNameSafe(name)
      #expect(safe.count == name.count, "seed \(seed): \(name.debugDescription)")
      #expect(
        safe.unicodeScalars.allSatisfy { "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".unicodeScalars.contains($0) },
        "seed \(seed): \(name.debugDescription)")
    }
  }

  @Test(
    "every snapshot checked in has a safe file name",
    .disabled(if: ProcessInfo.processInfo.environment["TEST_SRCDIR"] != nil, "the tree is not a runfile"))
  func checkedInSnapshotNamesAreSafe() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    var checked = 0
    for target in try FileManager.default.contentsOfDirectory(atPath: tests.path) {
      let snapshots = tests.appendingPathComponent(target).appendingPathComponent("__Snapshots__")
      guard let files = FileManager.default.enumerator(atPath: snapshots.path) else { continue }
      for case let relative as String in files {
        for component in relative.split(separator: "/") {
          #expect(SnapshotStore.fileNameSafe(String(component)) == String(component), "\(target)/\(relative)")
        }
        checked += 1
      }
    }
    #expect(checked >= 3)
  }

  @Test(
    "LISTDIFFUI_RECORD records only for a clearly true value",
    arguments: [
      ("1", true), ("true", true), ("TRUE", true), ("True", true), ("yes", true), ("Yes", true), ("YES", true),
      ("on", true), ("ON", true), (" 1 ", true), ("\ttrue", true),
      ("0", false), ("FALSE", false), ("False", false), ("false", false), ("No", false), ("NO", false),
      ("no", false), ("off", false), ("OFF", false), ("", false), (" ", false), ("00", false), ("2", false),
      ("-1", false), ("y", false), ("n", false), ("nope", false), ("truthy", false), ("yes please", false),
      ("1 0", false), ("record", false),
    ])
  func recordFlag(value: String, records: Bool) {
    #expect(SnapshotStore.recordsSnapshots(value) == records, "LISTDIFFUI_RECORD=\"\(value)\"")
    let store = SnapshotStore(testFilePath: "/a/B.swift", environment: ["LISTDIFFUI_RECORD": value])
    #expect(store.isRecording == records, "LISTDIFFUI_RECORD=\"\(value)\"")
  }

  @Test("a false LISTDIFFUI_RECORD compares: a changed snapshot fails and the file is left alone")
  func falseRecordFlagCompares() throws {
    let temporary = try TemporaryDirectory()
    for value in ["FALSE", "No", "0", ""] {
      let store = SnapshotStore(
        testFilePath: temporary.url.appendingPathComponent("ListTests.swift").path,
        environment: ["LISTDIFFUI_RECORD": value])
      let file = store.file(testName: "shows()", snapshotName: "rows")
      try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
      try Data("stored\n".utf8).write(to: file)
      let failure = try #require(store.failure(checking: "actual", named: "rows", testName: "shows()"))
      #expect(failure.hasPrefix("Snapshot \"rows\" does not match"), "LISTDIFFUI_RECORD=\"\(value)\"")
      #expect(try String(contentsOf: file, encoding: .utf8) == "stored\n", "LISTDIFFUI_RECORD=\"\(value)\"")
    }
  }

  @Test("under bazel test, a new snapshot goes to the test's outputs, with where it belongs")
  func bazelTestOutputs() throws {
    let temporary = try TemporaryDirectory()
    let runfiles = temporary.url.appendingPathComponent("runfiles")
    let outputs = temporary.url.appendingPathComponent("outputs")
    let store = SnapshotStore(
      testFilePath: "Tests/AppTests/ListTests.swift",
      environment: [
        "TEST_SRCDIR": runfiles.path, "TEST_WORKSPACE": "_main", "TEST_UNDECLARED_OUTPUTS_DIR": outputs.path,
      ])
    #expect(store.directory.path == runfiles.path + "/_main/Tests/AppTests/__Snapshots__/ListTests")
    let failure = try #require(store.failure(checking: "row", named: "one", testName: "shows()"))
    let written = outputs.appendingPathComponent("Tests/AppTests/__Snapshots__/ListTests/shows.one.txt")
    #expect(
      failure == "No snapshot \"one\" was stored; recorded it at \(written.path), the test's outputs "
        + "(bazel test cannot write the workspace); copy it to Tests/AppTests/__Snapshots__/ListTests/ "
        + "in the workspace. Check it and run the test again to compare.")
    #expect(try String(contentsOf: written, encoding: .utf8) == "row\n")
    #expect(!FileManager.default.fileExists(atPath: runfiles.path))
  }

  @Test("the line diff: groups of changes with two lines of context and their line numbers")
  func lineDiff() {
    let expected = (1...12).map { Substring("line \($0)") }
    var actual = expected
    actual[1] = "changed 2"
    actual.remove(at: 9)
    actual.append("added")
    let diff = LineDiff(expected: expected, actual: actual)
    #expect(diff.hasChanges)
    #expect(
      diff.description == """
        @@ -1,4 +1,4 @@
         line 1
        -line 2
        +changed 2
         line 3
         line 4
        @@ -8,5 +8,5 @@
         line 8
         line 9
        -line 10
         line 11
         line 12
        +added
        """)
    #expect(!LineDiff(expected: expected, actual: expected).hasChanges)
    #expect(LineDiff(expected: expected, actual: expected).description.isEmpty)
  }
}

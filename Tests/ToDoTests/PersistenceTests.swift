import Foundation
import TestSupport
import Testing
import ToDoCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private struct SimulatedCrash: Error, CustomStringConvertible { var description: String { "power cut" } }

@Suite("Persistence", .timeLimit(.minutes(20)))
struct PersistenceTests {
  @Test func firstRunCreatesTheDirectoryAndAnEmptyFile() throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("deep/er/todo.json")
    let opened = try ToDoFile.open(url, clock: .fixed(fixedDate))
    #expect(opened.items.isEmpty)
    #expect(opened.notice == nil)
    #expect(FileManager.default.fileExists(atPath: url.path))
    #expect(try ToDoFile.open(url).items.isEmpty)
  }

  // As bytes, which the test runner shows as numbers: a raw line break
  // in a test's name would break the runner's line.
  @Test(arguments: [[], Array("\n".utf8), Array("  \n\t\r\n".utf8)])
  func anEmptyFileIsAnEmptyList(contents: [UInt8]) throws {
    let directory = try TemporaryDirectory()
    let url = directory.file()
    try Data(contents).write(to: url)
    let opened = try ToDoFile.open(url, clock: .fixed(fixedDate))
    #expect(opened.items.isEmpty)
    #expect(opened.notice == nil)
    #expect(try directory.contents() == ["todo.json"])
  }

  @Test func aFileFromANewerVersionIsRefusedAndLeftAlone() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file()
    let contents = #"{"format": "listdiffui-todo", "version": 9, "items": [{"colour": "red"}]}"#
    try Data(contents.utf8).write(to: url)
    let path = url.resolvingSymlinksInPath().path
    #expect(throws: ToDoFileError.newerFormat(path: path, version: 9)) {
      try ToDoFile.open(url, clock: .fixed(fixedDate))
    }
    #expect(try directory.contents() == ["todo.json"])
    #expect(try String(contentsOf: url, encoding: .utf8) == contents)
    let message = ToDoFileError.newerFormat(path: path, version: 9).description
    #expect(message.contains("format 9") && !message.contains("\n"))
  }

  @Test func savedItemsComeBackUnchanged() throws {
    let seed: UInt64 = 0x5A5E_0001
    var generator = SeededGenerator(seed: seed)
    let directory = try TemporaryDirectory()
    let url = directory.file()
    let file = try ToDoFile.open(url).file
    for round in 0..<200 {
      let items = (0..<Int.random(in: 0...20, using: &generator)).map { index in
        ToDoItem(
          id: "r\(round)-\(index)", title: randomTitle(using: &generator),
          notes: Bool.random(using: &generator) ? randomTitle(using: &generator) : "",
          isDone: Bool.random(using: &generator),
          createdAt: Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &generator))))
      }
      try file.save(items)
      #expect(try ToDoFile.open(url).items == items, "seed \(seed) round \(round)")
    }
    #expect(try directory.contents() == ["todo.json"])
  }

  @Test func theFileIsVersionedJSON() throws {
    let directory = try TemporaryDirectory()
    let file = try ToDoFile.open(directory.file()).file
    try file.save([ToDoItem(id: "a", title: "milk", createdAt: fixedDate)])
    let text = try String(contentsOf: directory.file(), encoding: .utf8)
    #expect(text.contains(#""format" : "listdiffui-todo""#))
    #expect(text.contains(#""version" : 1"#))
    #expect(text.contains(#""created" : "2024-05-01T09:30:00Z""#))
  }

  @Test(arguments: [
    ("{ not json", "it is not valid JSON of this app's format"),
    (#"{"hello": "world"}"#, "it is not a listdiffui-todo file"),
    (#"{"format": "listdiffui-todo", "version": 1, "items": {"id": "a"}}"#, "its items are malformed"),
  ])
  func aBadFileIsSetAsideNotOverwritten(contents: String, problem: String) throws {
    let directory = try TemporaryDirectory()
    let url = directory.file()
    try Data(contents.utf8).write(to: url)

    let opened = try ToDoFile.open(url, clock: .fixed(fixedDate))

    let aside = url.path + ".corrupt-20240501T093000Z"
    #expect(opened.items.isEmpty)
    let notice = try #require(opened.notice)
    #expect(notice.contains(problem), "\(notice)")
    #expect(notice.contains(aside))
    // Where the file went comes first: a footer or a narrow window shows it.
    #expect(notice.hasPrefix("\(url.path) was moved to \(aside) and the list starts empty, because"))
    // The old bytes are intact beside the new, empty list.
    #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == Data(contents.utf8))
    #expect(try ToDoFile.open(url).items.isEmpty)
    #expect(try directory.contents() == ["todo.json", "todo.json.corrupt-20240501T093000Z"])
  }

  /// A save keeps the permissions of the file it replaces (a list shared
  /// read-only with a group stays so), and a new file is private.
  @Test(arguments: [0o644, 0o600, 0o640, 0o664])
  func aSaveKeepsTheReplacedFilesPermissions(mode: Int) throws {
    let directory = try TemporaryDirectory()
    let url = directory.file()
    try AtomicFile.write(Data("first".utf8), to: url)
    #expect(try permissions(of: url) == 0o600)
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    try AtomicFile.write(Data("second".utf8), to: url)
    #expect(try permissions(of: url) == mode)
    #expect(try String(contentsOf: url, encoding: .utf8) == "second")
  }

  private func permissions(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  /// One bad item (unreadable, a repeated id, a refused title) costs only
  /// itself: the other items load, the notice names what was dropped, and
  /// the whole file is kept, copied beside the list.
  @Test(arguments: [
    (#"{"id": "b"}"#, "item 2 (missing title at .items[1])"),
    (#"{"id": "a", "title": "y", "notes": "", "done": false, "created": "2024-05-01T09:30:00Z"}"#,
     "item 2 (it repeats the id a)"),
    (#"{"id": "b", "title": "bell\u0007", "notes": "", "done": false, "created": "2024-05-01T09:30:00Z"}"#,
     "item 2 (the title contains the control character U+0007"),
  ])
  func oneBadItemIsDroppedAndTheOthersLoad(bad: String, dropped: String) throws {
    let directory = try TemporaryDirectory()
    let url = directory.file()
    let good = #"{"id": "a", "title": "milk", "notes": "", "done": false, "created": "2024-05-01T09:30:00Z"}"#
    let good2 = #"{"id": "c", "title": "eggs", "notes": "", "done": true, "created": "2024-05-01T09:30:00Z"}"#
    let contents = #"{"format": "listdiffui-todo", "version": 1, "items": ["# + [good, bad, good2].joined(separator: ", ") + "]}"
    try Data(contents.utf8).write(to: url)

    let opened = try ToDoFile.open(url, clock: .fixed(fixedDate))

    #expect(opened.items.map(\.title) == ["milk", "eggs"])
    let notice = try #require(opened.notice)
    let copy = url.path + ".corrupt-20240501T093000Z"
    #expect(notice.hasPrefix("\(url.path): dropped \(dropped)"), "\(notice)")
    #expect(notice.hasSuffix("and loaded the other 2 items; the whole file was copied to \(copy)"), "\(notice)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(contents.utf8))
    // The good items were saved back: opening again says nothing.
    let again = try ToDoFile.open(url, clock: .fixed(fixedDate))
    #expect(again.items.map(\.title) == ["milk", "eggs"])
    #expect(again.notice == nil)
  }


  @Test func setAsideNeverReplacesAnEarlierCorruptFile() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file()
    for round in 1...3 {
      try Data("garbage \(round)".utf8).write(to: url)
      _ = try ToDoFile.open(url, clock: .fixed(fixedDate))
    }
    let stem = "todo.json.corrupt-20240501T093000Z"
    #expect(try directory.contents() == ["todo.json", stem, stem + "-2", stem + "-3"])
    #expect(try String(contentsOf: directory.file(stem + "-3"), encoding: .utf8) == "garbage 3")
  }

  @Test(.enabled(if: geteuid() != 0, "root reads any file"))
  func anUnreadableFileIsSetAside() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file()
    try ToDoFile(url: url).save([ToDoItem(id: "a", title: "milk", createdAt: fixedDate)])
    chmod(url.path, 0)
    let opened = try ToDoFile.open(url, clock: .fixed(fixedDate))
    #expect(opened.items.isEmpty)
    #expect(opened.notice?.contains("cannot be read") == true)
  }

  @Test func aDirectoryIsRefused() throws {
    let directory = try TemporaryDirectory()
    #expect(throws: ToDoFileError.isDirectory(path: directory.url.resolvingSymlinksInPath().path)) {
      try ToDoFile.open(directory.url)
    }
  }

  @Test func aCrashBetweenWriteAndRenameKeepsThePreviousSave() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file()
    let opened = try ToDoFile.open(url)
    let ids = SequentialIDs()
    let store = ToDoStore(storage: opened.file, clock: .fixed(fixedDate), makeID: ids.make)
    try await store.add(title: "milk")
    let saved = try Data(contentsOf: url)

    // The same file, but every save is cut off after the temporary file is
    // written and before it replaces the real one.
    let crashing = ToDoFile(url: opened.file.url) { temporary in
      // The new contents were complete on disk at this point.
      let pending = try String(contentsOf: temporary, encoding: .utf8)
      guard pending.contains("eggs") else { throw CocoaError(.fileReadCorruptFile) }
      throw SimulatedCrash()
    }
    let crashingStore = ToDoStore(items: await store.snapshot.items, storage: crashing, clock: .fixed(fixedDate))
    await #expect(throws: ToDoError.saveFailed("cannot write \(opened.file.url.path): interrupted before the rename: power cut")) {
      try await crashingStore.add(title: "eggs")
    }
    #expect(await crashingStore.snapshot.items.map(\.title) == ["milk"])
    #expect(try Data(contentsOf: url) == saved)
    #expect(try ToDoFile.open(url).items.map(\.title) == ["milk"])
  }

  @Test func leftoversOfAKilledSaveAreIgnoredAndRemoved() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file()
    try ToDoFile.open(url).file.save([ToDoItem(id: "a", title: "milk", createdAt: fixedDate)])
    // What a process killed between write and rename leaves behind.
    let leftover = directory.file(".todo.json.tmp-4242-DEAD")
    try Data(#"{"format": "listdiffui-todo", "version": 1, "items": [], "#.utf8).write(to: leftover)
    let unrelated = directory.file("notes.txt")
    try Data("keep me".utf8).write(to: unrelated)

    #expect(try ToDoFile.open(url).items.map(\.title) == ["milk"])
    #expect(try directory.contents() == ["notes.txt", "todo.json"])
  }

  @Test func everyChangeIsOnDiskWhenTheCallReturns() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file()
    let store = ToDoStore(storage: try ToDoFile.open(url).file, clock: .fixed(fixedDate))
    try await store.add(title: "milk")
    #expect(try ToDoFile.open(url).items.map(\.title) == ["milk"])
    try await store.complete(number: 1)
    #expect(try ToDoFile.open(url).items.map(\.isDone) == [true])
    try await store.setNotes(number: 1, notes: "2 litres")
    #expect(try ToDoFile.open(url).items.map(\.notes) == ["2 litres"])
    try await store.clearCompleted()
    #expect(try ToDoFile.open(url).items.isEmpty)
  }

  @Test func concurrentChangesNeverInterleaveOnDisk() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file()
    let store = ToDoStore(storage: try ToDoFile.open(url).file, clock: .fixed(fixedDate))
    await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<100 {
        group.addTask { try await store.add(title: "task \(index)") }
      }
    }
    let onDisk = try ToDoFile.open(url).items
    #expect(onDisk == (await store.snapshot.items))
    #expect(Set(onDisk.map(\.title)) == Set((0..<100).map { "task \($0)" }))
    #expect(try directory.contents() == ["todo.json"])
  }

  @Test func savingThroughASymlinkKeepsTheLink() throws {
    let directory = try TemporaryDirectory()
    let real = directory.file("real.json")
    let link = directory.file("todo.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
    let opened = try ToDoFile.open(link)
    try opened.file.save([ToDoItem(id: "a", title: "milk", createdAt: fixedDate)])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
    #expect(try ToDoFile.open(real).items.map(\.title) == ["milk"])
  }

  @Test func defaultLocationFollowsXDG() {
    #expect(ToDoFileLocation.defaultURL(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/me"])?.path
      == "/data/listdiffui-todo/todo.json")
    #expect(ToDoFileLocation.defaultURL(environment: ["HOME": "/home/me"])?.path
      == "/home/me/.local/share/listdiffui-todo/todo.json")
    // The XDG specification says to ignore relative and empty paths.
    #expect(ToDoFileLocation.defaultURL(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/me"])?.path
      == "/home/me/.local/share/listdiffui-todo/todo.json")
    #expect(ToDoFileLocation.defaultURL(environment: ["XDG_DATA_HOME": ""]) == nil)
  }
}

@Suite("One todo per list", .timeLimit(.minutes(20)))
struct FileLockTests {
  @Test func aSecondLockOnTheSameListIsRefusedUntilTheFirstIsReleased() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file()
    var first: ToDoFileLock? = try ToDoFileLock(for: url)
    #expect(throws: ToDoFileError.locked(path: url.resolvingSymlinksInPath().path)) {
      try ToDoFileLock(for: url)
    }
    // Another list in the same directory is independent.
    _ = try ToDoFileLock(for: directory.file("other.json"))
    withExtendedLifetime(first) {}
    first = nil
    // flock's lock belongs to the open file, and a child process that
    // another test forks while `first` is open holds a copy of it until it
    // execs (`O_CLOEXEC` closes it then): on a loaded machine the lock can
    // outlive `first` by a moment. So the list is locked again within a few
    // seconds, not necessarily at once.
    let deadline = ContinuousClock.now + .seconds(10)
    while (try? ToDoFileLock(for: url)) == nil, ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    // Once it could be taken (or the wait ran out), it is taken, and any
    // error shows.
    _ = try ToDoFileLock(for: url)
  }

  @Test func theLockFileIsHiddenAndNotTheList() throws {
    let directory = try TemporaryDirectory()
    let lock = try ToDoFileLock(for: directory.file())
    #expect(try directory.contents() == [".todo.json.lock"])
    withExtendedLifetime(lock) {}
  }
}

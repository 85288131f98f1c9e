import Foundation
import ListDiffUITerminal
import TerminalTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `files` in a pseudo-terminal.
@Suite("files in a pseudo-terminal", .serialized, .timeLimit(.minutes(20)))
struct FilesEndToEndTests {
  /// A directory with `files` empty files in `big/` and a small tree beside it.
  private static func makeTree(bigFiles: Int) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("files-tests-\(UUID().uuidString)")
    let manager = FileManager.default
    try manager.createDirectory(at: root.appendingPathComponent("big"), withIntermediateDirectories: true)
    try manager.createDirectory(at: root.appendingPathComponent("src/deep"), withIntermediateDirectories: true)
    for path in ["README.md", "src/main.swift", "src/deep/notes.txt"] {
      _ = manager.createFile(atPath: root.appendingPathComponent(path).path, contents: Data())
    }
    for number in 0..<bigFiles {
      let digits = String(number)
      let name = "file" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
      _ = manager.createFile(atPath: root.appendingPathComponent("big/" + name).path, contents: nil)
    }
    return root
  }

  private func start(_ root: URL, width: Int = 60, height: Int = 12) async throws -> PseudoTerminalRun {
    let run = try PseudoTerminalRun(
      executable: try BuiltProduct.location(of: "files"), arguments: [root.path], width: width, height: height)
    let drew = await run.read { $0.isAlternate && $0.lines.first == "›▸ big/" }
    try #require(drew, "no first frame: \(run.screen)")
    return run
  }

  @Test func keysAndClicksOpenDirectoriesAndTheTerminalIsRestored() async throws {
    let root = try Self.makeTree(bigFiles: 3)
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try await start(root)
    #expect(Array(run.screen.lines.prefix(2)) == ["›▸ big/", " ▸ src/"])
    #expect(run.screen.lines[2].hasPrefix("   README.md"))
    run.send("j\r")
    #expect(await run.read { $0.lines[1] == "›▾ src/  2 entries" && $0.lines[2] == "   ▸ deep/" })
    // A click selects deep/, a second click opens it.
    run.send("\u{1B}[<0;6;3M\u{1B}[<0;6;3m")
    #expect(await run.read { $0.lines[2] == "›  ▸ deep/" })
    run.send("\u{1B}[<0;6;3M\u{1B}[<0;6;3m")
    // The file's size (empty: 0 B) is read as its row comes into the
    // working range and shown against the right edge.
    #expect(await run.read { $0.lines[2] == "›  ▾ deep/  1 entry" && $0.lines[3].hasSuffix("0 B") })
    #expect(run.screen.lines[3].hasPrefix("       notes.txt  "))
    run.send("q")
    #expect(await run.waitForExit() == 0)
    #expect(run.restorationProblems() == [])
  }

  /// A directory of 100,000 files opens, and End, the wheel and PgUp move
  /// through it. (How long it takes is measured by hand, not asserted.)
  @Test func aDirectoryOf100000FilesOpensAndScrolls() async throws {
    let root = try Self.makeTree(bigFiles: 100_000)
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try await start(root)
    run.send("\r")
    #expect(await run.read(timeout: 60) { $0.lines.first == "›▾ big/  100000 entries" && $0.lines[1].hasPrefix("     file000000") })
    run.send("\u{1B}[F")
    #expect(await run.read(timeout: 60) { $0.lines[10].hasPrefix("›  README.md") })
    run.send("\u{1B}[<64;3;3M")
    #expect(await run.read(timeout: 30) { $0.lines[10].hasPrefix("     file099998") })
    run.send("\u{1B}[5~")
    #expect(await run.read(timeout: 30) { $0.lines.contains { $0.hasPrefix("›") && $0.contains("file0999") } })
    run.send("q")
    #expect(await run.waitForExit(timeout: 30) == 0)
  }
}

import Foundation
import TestSupport
import TerminalTestSupport
import Testing
import ToDoCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `todo` killed with SIGKILL at random moments while it saves change after
/// change: whatever the moment, the file on disk is a complete list holding
/// every change whose prompt had returned, in order.
@Suite("Killed mid-save", .serialized, .timeLimit(.minutes(20)))
struct CrashTests {
  @Test func aKilledTodoLeavesACompleteListWithEveryAcknowledgedChange() async throws {
    let seed: UInt64 = 0xC0FFEE
    var generator = SeededGenerator(seed: seed)
    let script = (1...400).map { "add item \($0)\n" }.joined()
    var sawPartialRun = false
    for round in 0..<12 {
      let directory = try TemporaryDirectory()
      let file = directory.file()
      let delay = UInt32.random(in: 5_000...400_000, using: &generator)
      // The waiting happens off the cooperative pool (see offThePool).
      let acknowledged = try await offThePool { try Self.killMidScript(file: file, script: script, after: delay) }

      let context = "seed \(seed) round \(round)"
      // An empty list is a valid outcome if it died before its first save.
      let opened = try ToDoFile.open(file)
      #expect(opened.notice == nil, "\(context): \(opened.notice ?? "")")
      let titles = opened.items.map(\.title)
      #expect(titles == (0..<titles.count).map { "item \($0 + 1)" }, "\(context)")
      // The prompt for command k+1 came only after change k was on disk.
      #expect(titles.count >= acknowledged, "\(context): \(titles.count) saved, \(acknowledged) acknowledged")
      if titles.count > 0 && titles.count < 400 { sawPartialRun = true }
    }
    // At least one kill landed mid-script, so the test saw a real interruption.
    #expect(sawPartialRun, "seed \(seed)")
  }
}

extension CrashTests {
  /// Runs todo on `file` with `script` on its input, kills it with SIGKILL
  /// after `delay` microseconds, and returns how many changes it had
  /// acknowledged (prompted for the next command after).
  static func killMidScript(file: URL, script: String, after delay: UInt32) throws -> Int {
    let process = Process()
    process.executableURL = try TodoBinary.location()
    process.arguments = ["--file", file.path, "--height", "5"]
    process.environment = ["COLUMNS": "40", "PATH": "/usr/bin:/bin"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice

    let echoed = EchoCounter()
    let reading = output.fileHandleForReading
    let reader = Thread {
      while case let chunk = reading.availableData, !chunk.isEmpty { echoed.consume(chunk) }
    }
    try process.run()
    reader.start()
    let writer = input.fileHandleForWriting
    Thread {
      try? writer.write(contentsOf: Data(script.utf8))
      try? writer.close()
    }.start()

    usleep(delay)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    usleep(50_000)  // let the reader drain what was written before the kill
    return max(0, echoed.highest - 1)
  }
}

/// Finds the highest `k` in the `todo> add item k` lines echoed so far.
private final class EchoCounter: @unchecked Sendable {
  // @unchecked: guarded by `lock`.
  private let lock = NSLock()
  private var text = ""
  private var best = 0

  var highest: Int { lock.withLock { best } }

  func consume(_ data: Data) {
    lock.withLock {
      text += String(decoding: data, as: UTF8.self)
      // Only complete lines count; keep the unfinished tail for later.
      guard let lastNewline = text.lastIndex(of: "\n") else { return }
      for line in text[..<lastNewline].split(separator: "\n") where line.hasPrefix("todo> add item ") {
        best = max(best, Int(line.dropFirst("todo> add item ".count)) ?? 0)
      }
      text = String(text[text.index(after: lastNewline)...])
    }
  }
}

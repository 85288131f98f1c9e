import Foundation
import TerminalTestSupport
import Testing

/// Runs the built `todo` executable with a script on standard input.
enum TodoBinary {
  /// What one run printed and how it ended.
  struct Result {
    var standardOutput: String
    var standardError: String
    var status: Int32
  }

  enum Failure: Error, CustomStringConvertible {
    case timedOut(Double)

    var description: String {
      switch self {
      case .timedOut(let seconds):
        "todo did not finish within \(seconds) seconds and was killed"
      }
    }
  }

  /// The built `todo`.
  static func location() throws -> URL {
    try BuiltProduct.location(of: "todo")
  }

  /// Runs `todo arguments` with `script` as standard input (then closed), in
  /// a fixed environment: `COLUMNS=60`, a fixed clock and time zone, and a
  /// data directory under `home`. Kills it after `timeout` seconds.
  static func run(
    _ script: String, arguments: [String] = ["--memory"], home: URL? = nil,
    environment extra: [String: String] = [:], timeout: Double = 60
  ) throws -> Result {
    let process = Process()
    process.executableURL = try location()
    process.arguments = arguments
    var environment = [
      "COLUMNS": "60", "TODO_NOW": "2024-05-01T09:30:00Z", "TZ": "UTC", "PATH": "/usr/bin:/bin",
    ]
    if let home {
      environment["HOME"] = home.path
      environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
    }
    environment.merge(extra) { $1 }
    process.environment = environment

    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors

    let collected = Collected()
    let readers = DispatchGroup()
    for (pipe, keyPath) in [(output, \Collected.output), (errors, \Collected.errors)] {
      readers.enter()
      let handle = pipe.fileHandleForReading
      Thread {
        let data = handle.readDataToEndOfFile()
        collected.store(data, at: keyPath)
        readers.leave()
      }.start()
    }
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    ignoreBrokenPipes
    try process.run()
    // If todo quits before reading everything, the write fails with EPIPE
    // rather than killing the test process.
    try? input.fileHandleForWriting.write(contentsOf: Data(script.utf8))
    try? input.fileHandleForWriting.close()

    if exited.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      _ = exited.wait(timeout: .now() + 5)
      throw Failure.timedOut(timeout)
    }
    _ = readers.wait(timeout: .now() + 10)
    return Result(
      standardOutput: collected.text(\.output), standardError: collected.text(\.errors),
      status: process.terminationStatus)
  }
}

extension TodoBinary {
  /// ``run(_:arguments:home:environment:timeout:)`` on a thread of its own,
  /// so the wait for the child holds no thread of the cooperative pool.
  static func run(
    _ script: String, arguments: [String] = ["--memory"], home: URL? = nil,
    environment extra: [String: String] = [:], timeout: Double = 60
  ) async throws -> Result {
    try await offThePool {
      try run(script, arguments: arguments, home: home, environment: extra, timeout: timeout)
    }
  }
}

/// Makes writing to a pipe whose reader has gone an error instead of a
/// fatal signal; evaluated once.
private let ignoreBrokenPipes: Void = {
  signal(SIGPIPE, SIG_IGN)
}()

/// Bytes gathered from a child's pipes on reader threads.
private final class Collected: @unchecked Sendable {
  // @unchecked: guarded by `lock`.
  private let lock = NSLock()
  var output = Data()
  var errors = Data()

  func store(_ data: Data, at keyPath: ReferenceWritableKeyPath<Collected, Data>) {
    lock.withLock { self[keyPath: keyPath] = data }
  }

  func text(_ keyPath: KeyPath<Collected, Data>) -> String {
    lock.withLock { String(decoding: self[keyPath: keyPath], as: UTF8.self) }
  }
}

extension PseudoTerminalRun {
  /// Starts `todo arguments` in a `width` × `height` pseudo-terminal, with a
  /// fixed clock.
  convenience init(
    arguments: [String] = ["--memory"], width: Int, height: Int, environment extra: [String: String] = [:]
  ) throws {
    var environment = ["TODO_NOW": "2024-05-01T09:30:00Z"]
    environment.merge(extra) { $1 }
    try self.init(
      executable: try TodoBinary.location(), arguments: arguments, width: width, height: height,
      environment: environment)
  }
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A built executable of the package running in a pseudo-terminal, as a
/// person runs it in a terminal window: keys are written to the terminal's master side, and
/// what the app draws is read back through a ``VT100Screen``.
///
/// Every wait has a deadline, so a hung app fails the test; the child is
/// killed when the run is dropped. The waits happen off the cooperative
/// pool (see ``offThePool(_:)``).
package final class PseudoTerminalRun: @unchecked Sendable {
  // @unchecked: a test uses a run from one task at a time; each wait hands
  // it to one thread and waits for that thread to finish.
  package let process = Process()
  private let master: Int32
  package private(set) var screen: VT100Screen
  package private(set) var output = Data()

  package enum Failure: Error, CustomStringConvertible {
    case openpty(Int32)
    package var description: String { "openpty failed: errno \(errno)" }
  }

  /// Starts `executable arguments` in a `width` × `height` terminal with
  /// `TERM=xterm-256color`, UTC and `extra` in the environment.
  package init(
    executable: URL, arguments: [String], width: Int, height: Int, environment extra: [String: String] = [:]
  ) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw Failure.openpty(errno) }
    self.master = master
    screen = VT100Screen(width: width, height: height)
    process.executableURL = executable
    process.arguments = arguments
    var environment = [
      "TERM": "xterm-256color", "TZ": "UTC", "PATH": "/usr/bin:/bin",
    ]
    environment.merge(extra) { $1 }
    process.environment = environment
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardInput = terminal
    process.standardOutput = terminal
    process.standardError = terminal
    do {
      try process.run()
    } catch {
      close(slave)
      close(master)
      throw error
    }
    // Only the child holds the terminal now, so its exit ends our reads.
    close(slave)
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    close(master)
  }

  /// Types `text` (keys as the terminal sends them).
  package func send(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress!, $0.count) }
      if written <= 0 { return }
      offset += written
    }
  }

  /// Resizes the terminal (TIOCSWINSZ) and tells the app (SIGWINCH).
  package func resize(width: Int, height: Int) {
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    screen.resize(width: width, height: height)
    kill(process.processIdentifier, SIGWINCH)
  }

  /// Reads what the app draws until `done` holds for the screen, or
  /// `timeout` seconds pass; returns whether it held.
  @discardableResult
  package func read(timeout: Double = 10, until done: @escaping @Sendable (VT100Screen) -> Bool) async -> Bool {
    (try? await offThePool { self.readBlocking(timeout: timeout, until: done) }) ?? false
  }

  /// Reads everything the app writes within `seconds` (to let a burst of
  /// drawing finish).
  package func settle(_ seconds: Double = 0.3) async {
    _ = try? await offThePool { self.settleBlocking(seconds) }
  }

  /// Waits up to `timeout` seconds for the app to exit, reading the rest
  /// of its output; its exit status, or `nil` if it is still running.
  package func waitForExit(timeout: Double = 10) async -> Int32? {
    (try? await offThePool { self.waitForExitBlocking(timeout: timeout) }) ?? nil
  }

  private func readBlocking(timeout: Double, until done: (VT100Screen) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !done(screen) {
      let left = deadline.timeIntervalSinceNow
      guard left > 0, readOnce(milliseconds: Int32(left * 1000)) else { return done(screen) }
    }
    return true
  }

  private func settleBlocking(_ seconds: Double) {
    let deadline = Date().addingTimeInterval(seconds)
    while deadline.timeIntervalSinceNow > 0, readOnce(milliseconds: Int32(max(1, deadline.timeIntervalSinceNow * 1000))) {}
  }

  private func waitForExitBlocking(timeout: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while deadline.timeIntervalSinceNow > 0 {
      let readSome = readOnce(milliseconds: 50)
      if !process.isRunning && !readSome { break }
    }
    guard !process.isRunning else { return nil }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Stops the program and continues it, as Ctrl-Z and `fg` do; returns
  /// whether it then cleared the screen to draw everything again.
  package func stopAndContinue() async -> Bool {
    let mark = output.count
    kill(process.processIdentifier, SIGSTOP)
    try? await Task.sleep(for: .milliseconds(50))
    kill(process.processIdentifier, SIGCONT)
    return await read(timeout: 5) { [self] _ in
      String(decoding: output.dropFirst(mark), as: UTF8.self).contains("\u{1B}[2J")
    }
  }

  /// What is not as a shell left it, after the program gave the terminal
  /// back: the main screen, the cursor shown, auto-wrap on, canonical
  /// input and echo; empty when all is well.
  package func restorationProblems() -> [String] {
    var problems: [String] = []
    if screen.isAlternate { problems.append("still on the alternate screen") }
    if !screen.cursorVisible { problems.append("the cursor is hidden") }
    if !screen.autoWrap { problems.append("auto-wrap is off") }
    if screen.modeChanges.last != "1049l" { problems.append("the last mode change is \(screen.modeChanges.last ?? "none")") }
    let modes = terminalModes()
    if modes.c_lflag & tcflag_t(ICANON) == 0 { problems.append("input is not canonical") }
    if modes.c_lflag & tcflag_t(ECHO) == 0 { problems.append("input is not echoed") }
    return problems
  }

  /// The terminal's modes now, as the app left them.
  package func terminalModes() -> termios {
    var modes = termios()
    _ = tcgetattr(master, &modes)
    return modes
  }

  /// One poll and read; false when nothing came in time or the terminal
  /// closed.
  private func readOnce(milliseconds: Int32) -> Bool {
    var watched = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&watched, 1, max(0, milliseconds)) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    #if canImport(Glibc)
    let count = Glibc.read(master, &buffer, buffer.count)
    #else
    let count = Darwin.read(master, &buffer, buffer.count)
    #endif
    guard count > 0 else { return false }
    output.append(contentsOf: buffer.prefix(count))
    screen.feed(buffer.prefix(count))
    return true
  }
}

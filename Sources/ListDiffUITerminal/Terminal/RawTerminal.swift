import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal on standard input and output, switched to what a
/// full-screen app needs and back.
///
/// ``enter()`` puts the input in raw mode (keys arrive one by one, unechoed,
/// Ctrl-C and Ctrl-Z as bytes) and the output on the alternate screen, with
/// the cursor hidden, auto-wrap off, bracketed paste and SGR mouse
/// reporting on; ``leave()`` undoes all of it. Both are idempotent. Until
/// ``leave()``, a crash of the app's own making (a trap, a bad access, an
/// abort) restores the terminal from its signal handler before the process
/// dies, and so does `exit()` called anywhere.
public final class RawTerminal: @unchecked Sendable {
  // @unchecked: the file descriptors are constants; `saved` and `isRaw`
  // are touched only by the main actor's calls to enter() and leave().
  /// The descriptor keys are read from.
  public let input: Int32
  /// The descriptor frames are written to.
  public let output: Int32
  private var saved = termios()
  private var raw = termios()
  private var isRaw = false

  /// What ``enter()`` writes: alternate screen, auto-wrap off, bracketed
  /// paste on, mouse buttons and wheel reported in SGR form, cursor hidden.
  public static let enterSequence =
    "\u{1B}[?1049h\u{1B}[?7l\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?25l"
  /// What ``leave()`` writes: the reverse, ending on the main screen with
  /// the cursor shown.
  public static let leaveSequence =
    "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

  /// The terminal on `input` and `output`. O(1).
  public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    self.input = input
    self.output = output
  }

  /// Whether the app should run full screen: standard input and output
  /// are terminals and `TERM` names one that is not `dumb`. O(1).
  public static func isAvailable(environment: [String: String]) -> Bool {
    guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else { return false }
    guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
    return true
  }

  /// The terminal's size in columns and rows (TIOCGWINSZ), or 80 × 24 if
  /// it does not say. O(1).
  public func size() -> TerminalSize {
    Self.size(ofTerminal: output) ?? TerminalSize(width: 80, height: 24)
  }

  /// The size in columns and rows of the terminal on `descriptor`
  /// (TIOCGWINSZ), or nil when `descriptor` is not a terminal or the
  /// terminal does not say: for a program that draws lines without taking
  /// the screen over (its width for `COLUMNS`-style fallbacks). O(1).
  public static func size(ofTerminal descriptor: Int32) -> TerminalSize? {
    guard isatty(descriptor) != 0 else { return nil }
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return nil
    }
    return TerminalSize(width: Int(size.ws_col), height: Int(size.ws_row))
  }

  /// Raw mode and the alternate screen. Called again (after a stop and
  /// `fg`, when a shell may have reset the modes), it sets them again.
  /// O(1).
  public func enter() {
    if !isRaw {
      guard tcgetattr(input, &saved) == 0 else { return }
      raw = saved
      // Output processing goes off too (cfmakeraw's choice): frames
      // position the cursor themselves.
      cfmakeraw(&raw)
      isRaw = true
      CrashRestore.arm(input: input, output: output, saved: saved)
    }
    tcsetattr(input, TCSAFLUSH, &raw)
    write(Self.enterSequence)
  }

  /// The terminal as it was before ``enter()``. O(1).
  public func leave() {
    guard isRaw else { return }
    write(Self.leaveSequence)
    tcsetattr(input, TCSAFLUSH, &saved)
    isRaw = false
    CrashRestore.disarm()
  }

  /// Writes all of `text`, retrying after interruptions. O(n).
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        systemWrite(output, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += written
    }
    bytes.removeAll()
  }
}
/// Restores the terminal from a fatal signal's handler: only
/// async-signal-safe calls (`tcsetattr`, `write`, `signal`, `raise`), on
/// state prepared beforehand.
enum CrashRestore {
  // Written only while no fatal signal is handled (by enter/leave on the
  // main actor); read by the handler.
  nonisolated(unsafe) private static var input: Int32 = -1
  nonisolated(unsafe) private static var output: Int32 = -1
  nonisolated(unsafe) private static var saved = termios()
  nonisolated(unsafe) private static var armed = false
  private static let bytes: [UInt8] = Array(RawTerminal.leaveSequence.utf8)
  private static let fatalSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  nonisolated(unsafe) private static var exitHandlerInstalled = false

  static func arm(input: Int32, output: Int32, saved: termios) {
    self.input = input
    self.output = output
    self.saved = saved
    _ = bytes.count  // initialize the lazy global now, not in the handler
    armed = true
    if !exitHandlerInstalled {
      // exit() from anywhere in the app: the terminal goes back first.
      exitHandlerInstalled = true
      atexit { CrashRestore.restore() }
    }
    for signal in fatalSignals {
      _ = Foundation.signal(signal) { number in
        CrashRestore.restore()
        _ = Foundation.signal(number, SIG_DFL)
        _ = raise(number)
      }
    }
  }

  static func disarm() {
    armed = false
    for signal in fatalSignals { _ = Foundation.signal(signal, SIG_DFL) }
  }

  /// Puts the terminal back if it is still raw: safe in a signal handler.
  static func restore() {
    guard armed else { return }
    armed = false
    bytes.withUnsafeBytes { _ = systemWrite(output, $0.baseAddress!, $0.count) }
    tcsetattr(input, TCSANOW, &saved)
  }
}

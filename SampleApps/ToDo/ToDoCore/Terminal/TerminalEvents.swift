import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Something the full-screen app must respond to.
public enum TerminalEvent: Equatable, Sendable {
  /// Keys, decoded, in the order typed.
  case keys([Key])
  /// The window changed size (SIGWINCH).
  case resized
  /// The process was continued after a stop (SIGCONT).
  case resumed
  /// Someone asked the process to stop (SIGTSTP from outside; Ctrl-Z in
  /// raw mode arrives as a key).
  case suspend
  /// Someone asked the process to end (SIGTERM, SIGINT, SIGHUP): the
  /// signal's number.
  case terminate(Int32)
  /// Standard input ended or failed.
  case inputEnded
}

/// The terminal's keys and the signals that concern a full-screen app, as
/// one stream, in the order they happened.
///
/// A thread waits on the input and on a pipe that the signal handlers write
/// the signal's number to (the only work safe in a handler); it decodes
/// keys with a ``KeyDecoder``, ending an unfinished escape sequence as the
/// Escape key when nothing follows within 40 ms.
public enum TerminalEvents {
  /// The signals turned into events. Their handlers stay installed for the
  /// life of the process.
  static let signals = [SIGWINCH, SIGCONT, SIGTSTP, SIGTERM, SIGINT, SIGHUP]

  /// Starts reading `input` and listening for the signals. Call once.
  /// O(1); the thread runs until the input ends.
  public static func stream(input: Int32) -> AsyncStream<TerminalEvent> {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else {
      return AsyncStream { $0.finish() }
    }
    _ = fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) | O_NONBLOCK)
    SignalPipe.writeEnd = descriptors[1]
    for signal in signals { _ = Foundation.signal(signal, SignalPipe.forward) }
    let signalInput = descriptors[0]
    return AsyncStream { continuation in
      Thread {
        read(input: input, signals: signalInput, into: continuation)
      }.start()
    }
  }

  private static func read(input: Int32, signals: Int32, into continuation: AsyncStream<TerminalEvent>.Continuation) {
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    var watched = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
    while true {
      let ready = poll(&watched, 2, decoder.isWaiting ? 40 : -1)
      if ready < 0 {
        if errno == EINTR { continue }
        continuation.yield(.inputEnded)
        continuation.finish()
        return
      }
      if ready == 0 {
        let keys = decoder.flush()
        if !keys.isEmpty { continuation.yield(.keys(keys)) }
        continue
      }
      if watched[1].revents & Int16(POLLIN) != 0 {
        let count = systemRead(signals, &buffer, buffer.count)
        for byte in buffer.prefix(max(0, count)) { continuation.yield(event(forSignal: Int32(byte))) }
      }
      if watched[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        let count = systemRead(input, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          continuation.yield(.inputEnded)
          continuation.finish()
          return
        }
        let keys = decoder.feed(buffer.prefix(count))
        if !keys.isEmpty { continuation.yield(.keys(keys)) }
      }
    }
  }

  static func event(forSignal number: Int32) -> TerminalEvent {
    switch number {
    case SIGWINCH: .resized
    case SIGCONT: .resumed
    case SIGTSTP: .suspend
    default: .terminate(number)
    }
  }

  /// Stops the process as Ctrl-Z does in a shell, and returns once it is
  /// continued (`fg`). O(1).
  public static func stopProcess() {
    _ = Foundation.signal(SIGTSTP, SIG_DFL)
    // The whole job stops, as when the terminal sends Ctrl-Z itself; sent
    // to the process group, not raised in this thread, which may block it.
    _ = kill(0, SIGTSTP)
    _ = Foundation.signal(SIGTSTP, SignalPipe.forward)
  }
}

/// The pipe's write end, read by the signal handlers.
enum SignalPipe {
  nonisolated(unsafe) static var writeEnd: Int32 = -1

  /// The handler: writes the signal's number to the pipe.
  static let forward: @convention(c) (Int32) -> Void = { number in
    var byte = UInt8(truncatingIfNeeded: number)
    _ = systemWrite(SignalPipe.writeEnd, &byte, 1)
  }
}

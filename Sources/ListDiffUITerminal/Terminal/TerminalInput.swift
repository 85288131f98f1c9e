import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the input thread reports: decoded events, the signals that concern
/// a full-screen app, and requests to draw.
enum TerminalInput: Sendable {
  /// Keys, pastes and mouse reports, decoded, in the order they came.
  case events([TerminalEvent])
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
  /// The app asked for a new frame (``TerminalScreen/setNeedsDisplay()``).
  case display
}

/// The terminal's input and the signals that concern a full-screen app, as
/// one stream, in the order they happened.
///
/// A thread waits on the input and on a pipe that the signal handlers write
/// the signal's number to (the only work safe in a handler); it decodes
/// events with an ``InputDecoder``, ending an unfinished escape sequence as
/// the Escape key when nothing follows within 40 ms. Input that is not a
/// terminal (a script piped in) is read the same way, a line break being
/// Enter.
enum TerminalInputReader {
  /// The signals turned into input. Their handlers stay installed for the
  /// life of the process.
  static let signals = [SIGWINCH, SIGCONT, SIGTSTP, SIGTERM, SIGINT, SIGHUP]

  /// Standard input's reader, started the first time it is needed and
  /// shared by every session of the process.
  static let shared: (stream: AsyncStream<TerminalInput>, continuation: AsyncStream<TerminalInput>.Continuation) =
    stream(input: STDIN_FILENO)

  /// Starts reading `input` and listening for the signals. Call once per
  /// process. O(1); the thread runs until the input ends.
  static func stream(input: Int32) -> (AsyncStream<TerminalInput>, AsyncStream<TerminalInput>.Continuation) {
    let (stream, continuation) = AsyncStream<TerminalInput>.makeStream()
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else {
      continuation.yield(.inputEnded)
      continuation.finish()
      return (stream, continuation)
    }
    _ = fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL) | O_NONBLOCK)
    SignalPipe.writeEnd = descriptors[1]
    for signal in signals { _ = Foundation.signal(signal, SignalPipe.forward) }
    let signalInput = descriptors[0]
    Thread {
      read(input: input, signals: signalInput, into: continuation)
    }.start()
    return (stream, continuation)
  }

  private static func read(input: Int32, signals: Int32, into continuation: AsyncStream<TerminalInput>.Continuation) {
    var decoder = InputDecoder()
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
        let events = decoder.flush()
        if !events.isEmpty { continuation.yield(.events(events)) }
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
          let events = decoder.flush()
          if !events.isEmpty { continuation.yield(.events(events)) }
          continuation.yield(.inputEnded)
          continuation.finish()
          return
        }
        let events = decoder.feed(buffer.prefix(count))
        if !events.isEmpty { continuation.yield(.events(events)) }
      }
    }
  }

  static func event(forSignal number: Int32) -> TerminalInput {
    switch number {
    case SIGWINCH: .resized
    case SIGCONT: .resumed
    case SIGTSTP: .suspend
    default: .terminate(number)
    }
  }

  /// Stops the process as Ctrl-Z does in a shell, and returns once it is
  /// continued (`fg`). O(1).
  static func stopProcess() {
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

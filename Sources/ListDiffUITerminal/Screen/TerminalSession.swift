import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The events of a ``TerminalScreen``'s terminal, as an `AsyncSequence`:
/// keys, pastes, mouse events and resizes, each already applied to the
/// screen as ``TerminalScreen/apply(_:)`` describes.
///
/// Starting to iterate takes the terminal (raw mode, alternate screen,
/// mouse reporting) or, when standard input or output is not a terminal,
/// starts line mode. Each call for the next event first draws the screen's
/// frame, unless events that arrived together with the last are still to
/// be handled (in line mode, a frame is printed after every line, if it
/// changed). The sequence ends — and gives the terminal back — when input
/// ends or SIGTERM, SIGINT or SIGHUP arrives
/// (``TerminalScreen/terminatingSignal`` says which); leaving the loop
/// early gives it back too. Ctrl-Z suspends the program (the terminal
/// restored until `fg`) without reaching the app.
public struct TerminalEvents: AsyncSequence, Sendable {
  /// The sequence's element.
  public typealias Element = TerminalEvent
  let screen: TerminalScreen

  /// Starts the session: the terminal is taken on the first `next()`. O(1).
  public func makeAsyncIterator() -> Iterator {
    Iterator(session: TerminalSession(screen: screen))
  }

  /// Waits for the terminal's next event.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    let session: TerminalSession

    /// Draws the screen, then waits for the next event; `nil` once the
    /// session has ended (and the terminal is restored).
    public mutating func next() async -> TerminalEvent? {
      await session.next()
    }
  }
}

/// One iteration of ``TerminalEvents``: owns the terminal from the first
/// event until the end, or until it is released (the loop left early).
///
/// Invariant: while `started && !ended` in full-screen mode, the terminal
/// is raw (except between a suspend and the resume that follows it).
@MainActor
final class TerminalSession {
  private let screen: TerminalScreen
  /// The real terminal; in line mode only its output is used.
  private let terminal = RawTerminal()
  private var painter = TerminalPainter()
  private var started = false
  private var ended = false
  private var isLineMode = false
  /// Events decoded but not yet handed to the app.
  private var queue: [TerminalEvent] = []
  /// The event handed to the app last.
  private var lastDelivered: TerminalEvent?
  /// The last frame line mode printed.
  private var printed: [String]?

  nonisolated init(screen: TerminalScreen) {
    self.screen = screen
  }

  isolated deinit {
    // The loop was left before the sequence ended: give the terminal back.
    if started && !ended { terminal.leave() }
  }

  func next() async -> TerminalEvent? {
    guard !ended else { return nil }
    if !started { start() }
    // Events read together (keys typed in a burst, a paste and the keys
    // after it) are all handled before one frame shows their result.
    // Line mode shows the result of each line of a script.
    if queue.isEmpty || (isLineMode && lastDelivered == .key(.enter)) { draw() }
    while queue.isEmpty {
      guard let input = await receive() else { return end() }
      switch input {
      case .events(let events):
        for event in events {
          if event == .key(.control("z")) && !isLineMode { suspend() } else { queue.append(event) }
        }
      case .resized:
        let size = terminal.size()
        if size != screen.size { queue.append(.resize(size)) }
      case .resumed:
        resume()
      case .suspend:
        suspend()
      case .terminate(let signal):
        screen.terminatingSignal = signal
        return end()
      case .inputEnded:
        return end()
      case .display:
        draw()
      }
    }
    let event = queue.removeFirst()
    screen.apply(event)
    lastDelivered = event
    return event
  }

  private func receive() async -> TerminalInput? {
    for await input in TerminalInputReader.shared.stream { return input }
    return nil
  }

  private func start() {
    started = true
    // The signal handlers go in before the first frame shows, so a signal
    // sent as soon as the app is seen (SIGTERM, SIGCONT) is never missed.
    _ = TerminalInputReader.shared
    isLineMode = !TerminalScreen.isTerminal()
    screen.isLineMode = isLineMode
    if !isLineMode { terminal.enter() }
    let size = isLineMode ? Self.lineModeSize(ProcessInfo.processInfo.environment) : terminal.size()
    if size != screen.size {
      // The first frame is drawn at the window's size; the app hears of it
      // as its first event.
      screen.resize(to: size)
      queue.append(.resize(size))
    }
  }

  private func end() -> TerminalEvent? {
    ended = true
    if !isLineMode { terminal.leave() }
    return nil
  }

  private func draw() {
    let frame = screen.frame()
    if isLineMode {
      var lines = frame.lines
      while lines.last?.isEmpty == true { lines.removeLast() }
      guard lines != printed else { return }
      printed = lines
      terminal.write(lines.map { $0 + "\n" }.joined() + "\n")
      return
    }
    if screen.needsClear {
      screen.needsClear = false
      painter.invalidate()
    }
    terminal.write(painter.paint(frame))
  }

  /// Gives the terminal back, stops until `fg`, then takes it again.
  private func suspend() {
    terminal.leave()
    TerminalInputReader.stopProcess()
    resume()
  }

  private func resume() {
    guard !isLineMode else { return }
    terminal.enter()
    painter.invalidate()
    let size = terminal.size()
    if size != screen.size { queue.append(.resize(size)) }
    draw()
  }

  /// Line mode's frame size: `COLUMNS` × `LINES`, else 80 × 24.
  static func lineModeSize(_ environment: [String: String]) -> TerminalSize {
    func value(_ name: String, _ fallback: Int) -> Int {
      environment[name].flatMap { Int($0) }.map { min(max($0, 1), 1_000) } ?? fallback
    }
    return TerminalSize(width: value("COLUMNS", 80), height: value("LINES", 24))
  }
}

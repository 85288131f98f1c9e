/// The full-screen app on a real terminal: raw mode and the alternate
/// screen, keys and signals in, frames out.
///
/// Each batch of keys is handled in order (keys typed while a save is slow
/// wait their turn), then one frame is drawn, only its changed rows. A
/// resize is drawn at once at the new size; Ctrl-Z and SIGTSTP give the
/// terminal back before stopping, and `fg` takes it again and redraws
/// everything. Every way out — `q`, Ctrl-C, SIGTERM/SIGINT/SIGHUP, the end
/// of input — restores the terminal before returning.
@MainActor
public final class FullScreenSession {
  private let app: FullScreenApp
  private let terminal: RawTerminal
  private var painter = TerminalPainter()

  /// A session running `app` on `terminal`. O(1).
  public init(app: FullScreenApp, terminal: RawTerminal) {
    self.app = app
    self.terminal = terminal
  }

  /// Runs until the user quits or a signal ends the app; returns the exit
  /// status: 0 after `q` or the end of input, 130 after Ctrl-C, 128 plus
  /// the signal's number after a signal. `notice` is shown in the footer
  /// first.
  public func run(events: AsyncStream<TerminalEvent>, notice: String? = nil) async -> Int32 {
    terminal.enter()
    await app.start(notice: notice)
    followSize()
    draw()
    var status: Int32 = 0
    loop: for await event in events {
      switch event {
      case .keys(let keys):
        for key in keys {
          if key == .control("z") {
            suspend()
            continue
          }
          switch await app.handle(key) {
          case .redraw: break
          case .redrawAll: painter.invalidate()
          case .quit:
            status = key == .control("c") ? 130 : 0
            break loop
          }
        }
      case .resized:
        followSize()
      case .resumed:
        resume()
      case .suspend:
        suspend()
      case .terminate(let signal):
        status = 128 + signal
        break loop
      case .inputEnded:
        break loop
      }
      draw()
    }
    terminal.leave()
    await app.finish()
    return status
  }

  private func draw() {
    terminal.write(painter.paint(app.frame()))
  }

  private func followSize() {
    let size = terminal.size()
    if size.width != app.width || size.height != app.height {
      app.resize(width: size.width, height: size.height)
      painter.invalidate()
    }
  }

  /// Gives the terminal back, stops until `fg`, then takes it again.
  private func suspend() {
    terminal.leave()
    TerminalEvents.stopProcess()
    resume()
  }

  private func resume() {
    terminal.enter()
    painter.invalidate()
    followSize()
    draw()
  }
}

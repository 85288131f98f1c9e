import Foundation
import ListDiffUITerminal

/// Everything the `todo` executable does, apart from touching the real
/// standard input and output, so that it can be tested in-process.
public enum ToDoProgram {
  /// Where the program's text goes.
  public struct Output {
    /// Frames, prompts and notes.
    public var standardOutput: (String) -> Void
    /// Problems that stop the program before the session starts, and the
    /// errors of commands that failed.
    public var standardError: (String) -> Void

    /// An output writing through the two functions. O(1).
    public init(standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void) {
      self.standardOutput = standardOutput
      self.standardError = standardError
    }
  }

  /// Runs the app with `arguments` (without the program name) and
  /// `environment`, reading commands from `lines`. `interactive` says
  /// whether standard input is a terminal. Returns the exit status: 0 after
  /// `quit` or the end of input, 1 when the list's file cannot be used, 2
  /// for a bad command line, 3 when a command failed (its error went to
  /// standard error; the lines after it still ran). Dates are shown in `timeZone`; the width falls
  /// back to `terminalWidth()` when `COLUMNS` is not set.
  @MainActor
  public static func run(
    arguments: [String], environment: [String: String], interactive: Bool, lines: AsyncStream<String>,
    output: Output,
    timeZone: TimeZone = .current, terminalWidth: @escaping () -> Int? = ScreenWidth.terminalColumns
  ) async -> Int32 {
    let launch: Launch
    switch prepare(arguments: arguments, environment: environment, output: output) {
    case .exit(let status): return status
    case .launch(let prepared): launch = prepared
    }
    // Asked again before every frame, so the screen follows a resized terminal.
    let width = { ScreenWidth.resolve(environment: environment, terminalWidth: terminalWidth) }
    let screen = ToDoScreen(
      store: launch.store, width: width(), height: launch.options.height, timeZone: timeZone,
      plain: launch.screenReader)
    // Printed frames have no status line or cursor: a reader reads them as
    // they come, plain.
    screen.terminal.screenReaderMode = false
    let session = ToDoSession(
      store: launch.store, screen: screen, interactive: interactive, currentWidth: width,
      writeError: output.standardError, write: output.standardOutput)
    await session.run(lines: lines, notice: launch.notice)
    withExtendedLifetime(launch.lock) {}
    return session.hasFailed ? 3 : 0
  }

  /// Runs the app full screen on the terminal (see `TerminalScreen`),
  /// with `arguments` and `environment` as ``run(arguments:environment:interactive:lines:output:timeZone:terminalWidth:)``
  /// takes them; `--height` and `COLUMNS` are ignored, the terminal's size
  /// is used. Returns the exit status: 0 after `q` or the end of input,
  /// 130 after Ctrl-C, 128 plus the signal's number when a signal ended
  /// it, 1 and 2 as `run`.
  @MainActor
  public static func runFullScreen(
    arguments: [String], environment: [String: String], output: Output, timeZone: TimeZone = .current
  ) async -> Int32 {
    let launch: Launch
    switch prepare(arguments: arguments, environment: environment, output: output) {
    case .exit(let status): return status
    case .launch(let prepared): launch = prepared
    }
    let size = RawTerminal().size()
    let screen = ToDoScreen(
      store: launch.store, width: max(size.width, ScreenWidth.range.lowerBound),
      height: size.height, timeZone: timeZone, showsCommands: false, coveredLines: 1,
      estimatesSizes: true, plain: launch.screenReader)
    let app = FullScreenApp(
      store: launch.store, screen: screen, width: size.width, height: size.height,
      screenReader: launch.screenReader)
    // The first screen says where the list is kept, unless something more
    // pressing (a file set aside) must be said.
    let home = environment["HOME"].map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    let notice = launch.notice.map { notice in home.map { notice.replacingOccurrences(of: $0, with: "~/") } ?? notice }
    await app.start(notice: notice, status: launch.savedWhere)
    var status: Int32 = 0
    // Each event is handled, in order, before the next frame is drawn (keys
    // typed while a save is slow wait their turn); the loop's end gives the
    // terminal back.
    loop: for await event in app.terminal.events {
      switch await app.handle(event) {
      case .redraw: break
      case .redrawAll: app.terminal.redrawAll()
      case .quit:
        status = event == .key(.control("c")) ? 130 : 0
        break loop
      }
    }
    if let signal = app.terminal.terminatingSignal { status = 128 + signal }
    await app.finish()
    withExtendedLifetime(launch.lock) {}
    return status
  }

  /// What both modes start from: the options, the store over the list,
  /// the lock on its file and a notice for the user.
  struct Launch {
    var options: LaunchOptions
    var store: ToDoStore
    var lock: ToDoFileLock?
    var notice: String?
    /// Where the list is saved, as the first full screen says it.
    var savedWhere: String
    /// `--screen-reader`, or `LISTDIFFUI_SCREEN_READER=1`.
    var screenReader: Bool
  }

  enum Prepared {
    case launch(Launch)
    case exit(Int32)
  }

  /// Reads the command line and opens the list; or prints why not (or the
  /// usage) and says with which status to exit.
  private static func prepare(arguments: [String], environment: [String: String], output: Output) -> Prepared {
    let options: LaunchOptions
    let clock: ToDoClock
    do throws(LaunchError) {
      options = try LaunchOptions.parse(arguments)
      clock = try Self.clock(environment: environment)
    } catch {
      output.standardError("todo: \(error)\n\n\(LaunchOptions.usage)\n")
      return .exit(2)
    }
    if options.showUsage {
      output.standardOutput(LaunchOptions.usage + "\n")
      return .exit(0)
    }

    let items: [ToDoItem]
    let storage: any ToDoStorage
    var notice: String? = nil
    // Held until the session ends; released by the system if the process dies.
    var lock: ToDoFileLock? = nil
    var savedWhere = "--memory: nothing is saved"
    switch options.storage {
    case .memory:
      items = []
      storage = MemoryStorage()
    case .file, .defaultFile:
      let url: URL
      if case .file(let path) = options.storage {
        url = URL(fileURLWithPath: path)
      } else if let defaultURL = ToDoFileLocation.defaultURL(environment: environment) {
        url = defaultURL
      } else {
        output.standardError("todo: error: neither XDG_DATA_HOME nor HOME is set; use --file PATH or --memory\n")
        return .exit(1)
      }
      do {
        lock = try ToDoFileLock(for: url)
        let opened = try ToDoFile.open(url, clock: clock)
        items = opened.items
        storage = opened.file
        notice = opened.notice
        savedWhere = "your list is saved in " + Self.abbreviatingHome(url.path, environment: environment)
      } catch {
        output.standardError("todo: error: \(error)\n")
        return .exit(1)
      }
    }
    let store = ToDoStore(items: items, storage: storage, clock: clock)
    let screenReader = options.screenReader || TerminalScreen.isScreenReaderModeRequested(environment: environment)
    return .launch(
      Launch(
        options: options, store: store, lock: lock, notice: notice, savedWhere: savedWhere,
        screenReader: screenReader))
  }

  /// `path` with the home directory written `~`, as a shell user reads it.
  static func abbreviatingHome(_ path: String, environment: [String: String]) -> String {
    guard let home = environment["HOME"], !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
    return "~" + path.dropFirst(home.count)
  }

  /// The wall clock, or the fixed time in `TODO_NOW` (ISO 8601).
  static func clock(environment: [String: String]) throws(LaunchError) -> ToDoClock {
    guard let text = environment["TODO_NOW"], !text.isEmpty else { return .system }
    guard let date = try? Date(text, strategy: .iso8601) else {
      throw .badEnvironment("TODO_NOW", text, "an ISO 8601 time such as 2024-05-01T09:30:00Z")
    }
    return .fixed(date)
  }
}

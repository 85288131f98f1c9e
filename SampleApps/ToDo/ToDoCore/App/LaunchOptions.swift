import Foundation

/// How the app was asked to run: from its arguments and environment.
public struct LaunchOptions: Equatable, Sendable {
  /// Where the list lives.
  public enum Storage: Equatable, Sendable {
    /// `todo.json` under the XDG data directory (see ``ToDoFileLocation``).
    case defaultFile
    /// The file given with `--file PATH`.
    case file(String)
    /// Nothing on disk (`--memory`).
    case memory
  }

  /// Where the list lives.
  public var storage: Storage = .defaultFile
  /// Lines in each printed frame's viewport (`--height N`, default 20); the
  /// full screen uses the window's height.
  public var height: Int = 20
  /// `--help`: print the usage and exit.
  public var showUsage = false
  /// `--screen-reader`: draw for a screen reader or a braille display —
  /// the full screen in `TerminalScreen`'s screen-reader mode, every row
  /// plain (also asked for with `LISTDIFFUI_SCREEN_READER=1`).
  public var screenReader = false

  /// The default options: the default file, 20 lines.
  public init() {}

  /// The fewest and most viewport lines `--height` accepts.
  public static let heightRange = 5...500

  /// Reads the command-line arguments (without the program name). Throws a
  /// ``LaunchError`` for an unknown option, a missing or malformed value, or
  /// `--file` together with `--memory`. O(n) in the argument count.
  public static func parse(_ arguments: [String]) throws(LaunchError) -> LaunchOptions {
    var options = LaunchOptions()
    var remaining = arguments[...]
    var sawFile = false
    var sawMemory = false
    while let argument = remaining.popFirst() {
      var name = argument
      var inlineValue: String? = nil
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(LaunchError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else { throw .missingValue(name) }
        return next
      }
      switch name {
      case "--file", "-f":
        let path = try value()
        guard !path.isEmpty else { throw .missingValue(name) }
        options.storage = .file(path)
        sawFile = true
      case "--memory":
        guard inlineValue == nil else { throw .unexpectedValue(name) }
        options.storage = .memory
        sawMemory = true
      case "--height":
        let text = try value()
        guard let height = Int(text), heightRange.contains(height) else {
          throw .badValue(name, text, "a number of lines from \(heightRange.lowerBound) to \(heightRange.upperBound)")
        }
        options.height = height
      case "--help", "-h":
        options.showUsage = true
      case "--screen-reader":
        guard inlineValue == nil else { throw .unexpectedValue(name) }
        options.screenReader = true
      default:
        throw .unknownOption(argument)
      }
    }
    if sawFile && sawMemory { throw .conflict("--file", "--memory") }
    return options
  }

  /// The text `--help` prints.
  public static let usage = """
    usage: todo [--file PATH | --memory] [--height LINES] [--screen-reader]

    A to-do list in the terminal, drawn by ListDiffUI's headless collection view.
    On a terminal it fills the window: press ? for the keys. Without a terminal
    on standard input and output (or with TERM=dumb), todo reads one command
    per line (help lists them) and prints every frame.

      --file PATH     keep the list in PATH (default:
                      $XDG_DATA_HOME/listdiffui-todo/todo.json, else
                      ~/.local/share/listdiffui-todo/todo.json)
      --memory        keep nothing on disk
      --height LINES  lines of list in each printed frame (default 20)
      --screen-reader for a screen reader or braille display: the cursor on
                      the focused row, what it is on the status line, rows
                      drawn without marks or rules
      --help          show this text

    environment:
      COLUMNS         printed frames' width (default: the terminal's, followed
                      as it is resized; else 80)
      LISTDIFFUI_SCREEN_READER=1
                      as --screen-reader
      TODO_NOW        a fixed time for new items, ISO 8601
                      (e.g. 2024-05-01T09:30:00Z), for reproducible output
      TZ              the time zone dates are shown in
    """
}

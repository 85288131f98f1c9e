import Foundation

/// Where the app keeps its list when not told otherwise.
public enum ToDoFileLocation {
  /// The folder under the data directory that holds the app's files.
  public static let folderName = "listdiffui-todo"
  /// The list's file name.
  public static let fileName = "todo.json"

  /// `$XDG_DATA_HOME/listdiffui-todo/todo.json`, or, when `XDG_DATA_HOME` is
  /// unset, empty or relative (which the XDG specification says to ignore),
  /// `$HOME/.local/share/listdiffui-todo/todo.json`. `nil` when neither
  /// variable gives an absolute path. O(1).
  public static func defaultURL(environment: [String: String]) -> URL? {
    let base: URL
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      base = URL(fileURLWithPath: data, isDirectory: true)
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      base = URL(fileURLWithPath: home, isDirectory: true)
        .appendingPathComponent(".local", isDirectory: true)
        .appendingPathComponent("share", isDirectory: true)
    } else {
      return nil
    }
    return base.appendingPathComponent(folderName, isDirectory: true).appendingPathComponent(fileName)
  }
}

/// Why the to-do file could not be opened or saved. Nothing on disk was
/// changed.
public enum ToDoFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path names a directory.
  case isDirectory(path: String)
  /// The file or its directory cannot be written.
  case unwritable(path: String, reason: String)
  /// The file could not be loaded and could not be renamed out of the way,
  /// so the app refuses to start rather than overwrite it.
  case cannotSetAside(path: String, problem: String, reason: String)
  /// The file was written by a newer version of `todo`, in format
  /// `version`; it is left as it is.
  case newerFormat(path: String, version: Int)
  /// Another `todo` has the list open (see ``ToDoFileLock``).
  case locked(path: String)

  /// One line for the user.
  public var description: String {
    switch self {
    case .isDirectory(let path):
      "\(path) is a directory, not a to-do file"
    case .unwritable(let path, let reason):
      "cannot write \(path): \(reason)"
    case .cannotSetAside(let path, let problem, let reason):
      "\(path) was not loaded because \(problem), and it could not be moved aside (\(reason)); "
        + "it was left untouched — use --file to choose another file or --memory to keep nothing"
    case .newerFormat(let path, let version):
      "\(path) was written by a newer todo (file format \(version); this one reads format "
        + "\(ToDoDocument.currentVersion)); it was left untouched — use a newer todo"
    case .locked(let path):
      "\(path) is open in another todo; quit that one first, so neither overwrites the other's changes"
    }
  }
}

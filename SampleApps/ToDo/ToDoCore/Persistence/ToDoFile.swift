import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The to-do list's JSON file: opening it (creating, or setting aside a
/// file that cannot be read) and saving to it atomically.
///
/// A file that exists but cannot be read or understood is never
/// overwritten: ``open(_:clock:)`` renames it to `<file>.corrupt-<time>`
/// beside itself and starts an empty list, telling the user where the old
/// file went.
public struct ToDoFile: ToDoStorage {
  /// Where the list is saved (symbolic links already resolved, so saving
  /// replaces the real file rather than the link).
  public let url: URL
  private let beforeRename: (@Sendable (URL) throws -> Void)?

  /// Storage writing to `url`, which should have been prepared by
  /// ``open(_:clock:)``. O(1).
  public init(url: URL) {
    self.init(url: url, beforeRename: nil)
  }

  /// Storage whose saves run `beforeRename` between writing the temporary
  /// file and renaming it over `url`; throwing from it simulates a crash at
  /// that point. For the package's tests only. O(1).
  package init(url: URL, beforeRename: (@Sendable (URL) throws -> Void)?) {
    self.url = url
    self.beforeRename = beforeRename
  }

  /// Writes every item to the file atomically: after a crash at any moment
  /// the file holds either the previous save or this one. O(n) in the item
  /// count.
  public func save(_ items: [ToDoItem]) throws {
    let data: Data
    do {
      data = try ToDoDocument.encode(items)
    } catch {
      throw ToDoFileError.unwritable(path: url.path, reason: String(describing: error))
    }
    do {
      try AtomicFile.write(data, to: url, beforeRename: beforeRename)
    } catch {
      throw ToDoFileError.unwritable(path: url.path, reason: error.description)
    }
  }

  /// The items saved at `url`, the storage to save them back, and a notice
  /// for the user when something unusual happened.
  ///
  /// - A missing file is created empty (with its directory); an empty file
  ///   (or one holding only white space) is an empty list.
  /// - A file that cannot be read, or does not hold a to-do list this version
  ///   understands, is renamed to `<file>.corrupt-<UTC time>` and an empty
  ///   list is started; the notice names both paths.
  /// - Temporary files left by an interrupted save are removed; they were
  ///   never the saved list.
  ///
  /// Throws, leaving everything on disk as it was, when the path is a
  /// directory, when the file was written by a newer version of the app
  /// (``ToDoFileError/newerFormat(path:version:)``: nothing is moved or
  /// written), when a bad file cannot be moved aside, or when the new file
  /// cannot be created. O(n) in the file's size.
  public static func open(_ url: URL, clock: ToDoClock = .system) throws(ToDoFileError) -> Opened {
    let url = followingLinks(url)
    let path = url.path
    let manager = FileManager.default
    let directory = url.deletingLastPathComponent()

    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw .isDirectory(path: path)
    }
    do {
      try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .unwritable(path: directory.path, reason: reason(error))
    }
    removeLeftoverTemporaries(of: url)

    let file = ToDoFile(url: url)
    guard manager.fileExists(atPath: path) else {
      try create(file)
      return Opened(file: file, items: [], notice: nil)
    }

    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      return try settingAside(file, clock: clock, problem: "it cannot be read (\(reason(error)))")
    }
    if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
      return Opened(file: file, items: [], notice: nil)
    }
    let decoded: ToDoDocument.Decoded
    do throws(DocumentError) {
      decoded = try ToDoDocument.decode(data)
    } catch {
      if let newerVersion = error.newerVersion { throw .newerFormat(path: path, version: newerVersion) }
      return try settingAside(file, clock: clock, problem: error.description)
    }
    guard !decoded.dropped.isEmpty else { return Opened(file: file, items: decoded.items, notice: nil) }
    return try loadingGoodItems(decoded, of: file, clock: clock)
  }

  /// Moves a file that cannot be used out of the way and starts an empty
  /// list in its place, saying where the file went first (the part a
  /// person must not miss), then why.
  private static func settingAside(_ file: ToDoFile, clock: ToDoClock, problem: String) throws(ToDoFileError)
    -> Opened
  {
    let asidePath = try setAside(file.url, clock: clock, problem: problem)
    try create(file)
    return Opened(
      file: file, items: [],
      notice: "\(file.url.path) was moved to \(asidePath) and the list starts empty, because \(problem)")
  }

  /// A file some of whose items are bad: keeps a copy of the whole file
  /// beside it, saves the good items back and says which were dropped.
  private static func loadingGoodItems(
    _ decoded: ToDoDocument.Decoded, of file: ToDoFile, clock: ToDoClock
  ) throws(ToDoFileError) -> Opened {
    let path = file.url.path
    let dropped = decoded.dropped.joined(separator: ", ")
    let copyPath = uniqueAsidePath(file.url, clock: clock)
    do {
      try FileManager.default.copyItem(atPath: path, toPath: copyPath)
    } catch {
      throw .cannotSetAside(path: path, problem: "\(dropped) could not be read", reason: reason(error))
    }
    do {
      try file.save(decoded.items)
    } catch let error as ToDoFileError {
      throw error
    } catch {
      throw .unwritable(path: path, reason: String(describing: error))
    }
    let kept =
      switch decoded.items.count {
      case 0: "no other item"
      case 1: "the other item"
      default: "the other \(decoded.items.count) items"
      }
    return Opened(
      file: file, items: decoded.items,
      notice: "\(path): dropped \(dropped) and loaded \(kept); the whole file was copied to \(copyPath)")
  }

  /// What ``open(_:clock:)`` found.
  public struct Opened: Sendable {
    /// Storage for saving back to the file.
    public var file: ToDoFile
    /// The items read from the file (empty for a new or set-aside file).
    public var items: [ToDoItem]
    /// A message for the user when a bad file was set aside, else `nil`.
    public var notice: String?
  }

  private static func create(_ file: ToDoFile) throws(ToDoFileError) {
    do {
      try file.save([])
    } catch let error as ToDoFileError {
      throw error
    } catch {
      throw .unwritable(path: file.url.path, reason: String(describing: error))
    }
  }

  /// Renames the bad file out of the way without replacing anything that
  /// is already there, and returns its new path.
  private static func setAside(_ url: URL, clock: ToDoClock, problem: String) throws(ToDoFileError) -> String {
    let candidate = uniqueAsidePath(url, clock: clock)
    guard rename(url.path, candidate) == 0 else {
      throw .cannotSetAside(path: url.path, problem: problem, reason: AtomicFile.lastError())
    }
    return candidate
  }

  /// `<file>.corrupt-<UTC time>`, with `-2`, `-3`… if that is taken.
  private static func uniqueAsidePath(_ url: URL, clock: ToDoClock) -> String {
    let base = url.path + ".corrupt-" + timestamp(clock.now())
    var candidate = base
    var suffix = 2
    while FileManager.default.fileExists(atPath: candidate) {
      candidate = base + "-\(suffix)"
      suffix += 1
    }
    return candidate
  }

  /// `yyyyMMdd'T'HHmmss'Z'` in UTC: sortable, and free of characters that
  /// file systems or shells treat specially.
  static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
    return "\(c.year ?? 0)\(two(c.month))\(two(c.day))T\(two(c.hour))\(two(c.minute))\(two(c.second))Z"
  }

  /// `url` with symbolic links resolved, including a link to a file that
  /// does not exist yet (which Foundation leaves unresolved), so that the
  /// first save creates the link's target instead of replacing the link.
  static func followingLinks(_ url: URL) -> URL {
    var current = url.standardizedFileURL.resolvingSymlinksInPath()
    for _ in 0..<32 {  // a bound, as the kernel has, against link loops
      guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else { break }
      current = URL(fileURLWithPath: destination, relativeTo: current.deletingLastPathComponent())
        .standardizedFileURL.resolvingSymlinksInPath()
    }
    return current
  }

  private static func removeLeftoverTemporaries(of url: URL) {
    let prefix = AtomicFile.temporaryPrefix(for: url)
    let directory = url.deletingLastPathComponent()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
    for name in names where name.hasPrefix(prefix) {
      try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }
  }

  private static func reason(_ error: any Error) -> String {
    let error = error as NSError
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
    return error.localizedDescription
  }
}

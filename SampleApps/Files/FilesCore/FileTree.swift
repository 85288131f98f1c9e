import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One entry of a directory: its name, whether it is a directory, and the
/// target of a symbolic link.
public struct FileEntry: Hashable, Sendable {
  /// The entry's name in its directory.
  public var name: String
  /// Whether it is a directory, or a symbolic link to one (which opens as
  /// one; see ``FileTree/isLoop(_:)`` for links back up the tree).
  public var isDirectory: Bool
  /// What a symbolic link says it points to, as `readlink` reads it; nil
  /// for anything else.
  public var linkTarget: String?
  /// Whether it is a symbolic link whose target does not exist (a dangling
  /// link).
  public var isBrokenLink: Bool

  /// An entry. O(1).
  public init(name: String, isDirectory: Bool, linkTarget: String? = nil, isBrokenLink: Bool = false) {
    self.name = name
    self.isDirectory = isDirectory
    self.linkTarget = linkTarget
    self.isBrokenLink = isBrokenLink
  }
}

/// The directories of a tree, read when first opened and kept.
///
/// Paths are relative to the root, `""` being the root itself and
/// `"a/b"` a directory two levels down; a path may pass through symbolic
/// links to directories (`"docs/shared"`, `shared` a link), which are read
/// through the link. Entries are sorted directories first, then by name as
/// Finder sorts names (`file_2` before `file_10`).
///
/// Safe to use from any thread (a lock guards what was read): the outline
/// that shows it asks for children where the data source flattens.
public final class FileTree: @unchecked Sendable {
  /// The directory the tree shows.
  public let root: URL
  private let lock = NSLock()
  private var cache: [String: [FileEntry]] = [:]
  private var errorsStorage: [String: String] = [:]

  /// Why a directory could not be read, by path.
  public var errors: [String: String] {
    lock.lock()
    defer { lock.unlock() }
    return errorsStorage
  }

  /// A tree over `root`; nothing is read yet. O(1).
  public init(root: URL) {
    self.root = root
  }

  /// A tree whose directories are given, for tests: `entries[path]`. O(1).
  public init(root: URL, entries: [String: [FileEntry]]) {
    self.root = root
    cache = entries.mapValues(Self.sorted)
  }

  /// The entries of the directory at `path`, read on first use (one
  /// `readdir` pass). O(n log n) the first time,
  /// O(1) after.
  public func entries(of path: String) -> [FileEntry] {
    if let known = cached(path) { return known }
    let url = path.isEmpty ? root : root.appendingPathComponent(path)
    let read: [FileEntry]
    var failure: String?
    do {
      read = try Self.read(url.path)
    } catch {
      failure = error.description
      read = []
    }
    let sorted = Self.sorted(read)
    lock.lock()
    defer { lock.unlock() }
    cache[path] = sorted
    if let failure { errorsStorage[path] = failure }
    return sorted
  }

  /// The entries of `path` if they were read. O(1).
  func cached(_ path: String) -> [FileEntry]? {
    lock.lock()
    defer { lock.unlock() }
    return cache[path]
  }

  /// The paths of the directories read so far. O(d).
  func readDirectories() -> [String] {
    lock.lock()
    defer { lock.unlock() }
    return Array(cache.keys)
  }

  /// Why a directory could not be read: `strerror` of `opendir`'s errno.
  struct ReadError: Error, CustomStringConvertible {
    var description: String
  }

  /// The entries of the directory at `path`, with one `readdir` pass: the
  /// entry's type comes with its name (a `stat` per entry, 4 seconds for
  /// 100,000 files through Foundation's resource values on Linux, is asked
  /// only where the file system does not say). A symbolic link costs a
  /// `readlink` and a `stat` (is its target a directory?). O(n).
  private static func read(_ path: String) throws(ReadError) -> [FileEntry] {
    guard let directory = opendir(path) else { throw ReadError(description: String(cString: strerror(errno))) }
    defer { closedir(directory) }
    var entries: [FileEntry] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      var type = entry.pointee.d_type
      if type == UInt8(DT_UNKNOWN) {
        var status = stat()
        guard lstat(path + "/" + name, &status) == 0 else {
          entries.append(FileEntry(name: name, isDirectory: false))
          continue
        }
        type = status.st_mode & S_IFMT == S_IFDIR ? UInt8(DT_DIR) : status.st_mode & S_IFMT == S_IFLNK ? UInt8(DT_LNK) : 0
      }
      if type == UInt8(DT_LNK) {
        entries.append(link(path + "/" + name, name: name))
      } else {
        entries.append(FileEntry(name: name, isDirectory: type == UInt8(DT_DIR)))
      }
    }
    return entries
  }

  /// The symbolic link `name` at `path`: its target, whether it leads to
  /// a directory, and whether it leads nowhere (`stat` follows it and
  /// fails: a dangling link, shown as a file).
  private static func link(_ path: String, name: String) -> FileEntry {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(path, &buffer, buffer.count - 1)
    let target = length > 0 ? String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    var status = stat()
    let exists = stat(path, &status) == 0
    return FileEntry(
      name: name, isDirectory: exists && status.st_mode & S_IFMT == S_IFDIR, linkTarget: target,
      isBrokenLink: !exists)
  }

  /// `path`'s child `name`. O(n) in the length.
  public static func path(_ parent: String, _ name: String) -> String {
    parent.isEmpty ? name : parent + "/" + name
  }

  /// The directory `path` really is, relative to the root, once every
  /// symbolic link on it is followed (as the entries read say, so a tree
  /// given for tests resolves too); nil when a link leads out of the root
  /// or more than 40 links are followed (a loop, as `ELOOP`).
  ///
  /// - Complexity: O(*k*) in the components followed, reading each
  ///   directory passed through (kept, usually read already).
  public func resolvedPath(_ path: String) -> String? {
    var resolved: [String] = []
    var pending = Array(path.split(separator: "/").map(String.init).reversed())
    var links = 0
    while let component = pending.popLast() {
      switch component {
      case "", ".": continue
      case "..":
        guard resolved.popLast() != nil else { return nil }
        continue
      default: break
      }
      let parent = resolved.joined(separator: "/")
      guard let target = entries(of: parent).first(where: { $0.name == component })?.linkTarget else {
        resolved.append(component)
        continue
      }
      links += 1
      guard links <= 40 else { return nil }
      var targetPath = Substring(target)
      if target.hasPrefix("/") {
        let rootPath = root.path
        guard target == rootPath || target.hasPrefix(rootPath + "/") else { return nil }
        targetPath = target.dropFirst(rootPath.count)
        resolved = []
      }
      pending += targetPath.split(separator: "/").map(String.init).reversed()
    }
    return resolved.joined(separator: "/")
  }

  /// Whether the directory at `path`, a symbolic link, leads to itself or
  /// to a directory that holds it: opening it would show the tree again
  /// inside itself, forever. The outline shows such a link, but not as
  /// something to open.
  ///
  /// - Complexity: O(*d*) resolutions (`resolvedPath(_:)`) for the *d*
  ///   directories above it.
  public func isLoop(_ path: String) -> Bool {
    guard let target = resolvedPath(path) else { return false }
    if target.isEmpty { return true }
    var ancestor = path
    while let slash = ancestor.lastIndex(of: "/") {
      ancestor = String(ancestor[..<slash])
      guard let real = resolvedPath(ancestor) else { continue }
      if real == target || real.hasPrefix(target + "/") { return true }
    }
    return false
  }

  /// Directories first, then by name as Finder orders names (numbers by
  /// value, any case: see `FinderOrder`). O(n log n).
  private static func sorted(_ entries: [FileEntry]) -> [FileEntry] {
    let keys = entries.map { FinderOrder($0.name) }
    return entries.indices.sorted {
      entries[$0].isDirectory != entries[$1].isDirectory ? entries[$0].isDirectory : keys[$0] < keys[$1]
    }.map { entries[$0] }
  }
}

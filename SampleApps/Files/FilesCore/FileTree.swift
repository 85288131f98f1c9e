import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One entry of a directory: its name and whether it is a directory.
public struct FileEntry: Hashable, Sendable {
  /// The entry's name in its directory.
  public var name: String
  /// Whether it is a directory (a symbolic link to one counts as a file:
  /// following links could loop).
  public var isDirectory: Bool

  /// An entry. O(1).
  public init(name: String, isDirectory: Bool) {
    self.name = name
    self.isDirectory = isDirectory
  }
}

/// The directories of a tree, read when first opened and kept.
///
/// Paths are relative to the root, `""` being the root itself and
/// `"a/b"` a directory two levels down. Entries are sorted directories
/// first, then by name.
public final class FileTree {
  /// The directory the tree shows.
  public let root: URL
  private var cache: [String: [FileEntry]] = [:]
  /// Why a directory could not be read, by path.
  public private(set) var errors: [String: String] = [:]

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
    if let known = cache[path] { return known }
    let url = path.isEmpty ? root : root.appendingPathComponent(path)
    let read: [FileEntry]
    do {
      read = try Self.read(url.path)
    } catch {
      errors[path] = error.description
      read = []
    }
    let sorted = Self.sorted(read)
    cache[path] = sorted
    return sorted
  }

  /// Why a directory could not be read: `strerror` of `opendir`'s errno.
  struct ReadError: Error, CustomStringConvertible {
    var description: String
  }

  /// The entries of the directory at `path`, with one `readdir` pass: the
  /// entry's type comes with its name (a `stat` per entry, 4 seconds for
  /// 100,000 files through Foundation's resource values on Linux, is asked
  /// only where the file system does not say). O(n).
  private static func read(_ path: String) throws(ReadError) -> [FileEntry] {
    guard let directory = opendir(path) else { throw ReadError(description: String(cString: strerror(errno))) }
    defer { closedir(directory) }
    var entries: [FileEntry] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      let type = entry.pointee.d_type
      let isDirectory: Bool
      if type == UInt8(DT_UNKNOWN) {
        var status = stat()
        isDirectory = lstat(path + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      } else {
        // A symbolic link (DT_LNK) counts as a file: following links could loop.
        isDirectory = type == UInt8(DT_DIR)
      }
      entries.append(FileEntry(name: name, isDirectory: isDirectory))
    }
    return entries
  }

  /// `path`'s child `name`. O(n) in the length.
  public static func path(_ parent: String, _ name: String) -> String {
    parent.isEmpty ? name : parent + "/" + name
  }

  /// Directories first, then by name as Unicode orders it (a locale-aware
  /// comparison costs too much for a directory of 100,000 files).
  private static func sorted(_ entries: [FileEntry]) -> [FileEntry] {
    entries.sorted { $0.isDirectory != $1.isDirectory ? $0.isDirectory : $0.name < $1.name }
  }
}

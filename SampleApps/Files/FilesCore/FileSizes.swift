import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The sizes of a tree's files, each read (one `stat`, off the main actor)
/// the first time a row asks for it and kept.
///
/// File rows find it in their controller's context and ask only while they
/// are in the data source's working range, so a directory of 100,000 files
/// reads the sizes of the rows near the viewport, never the rest.
@MainActor
public final class FileSizes {
  private let root: URL
  /// Reads one size (an absolute path); nil when the file cannot be read.
  /// Called off the main actor. Tests inject a counting one.
  private let read: @Sendable (String) -> Int64?
  /// Sizes read so far, by path from the root (nil: unreadable).
  private var known: [String: Int64?] = [:]
  /// Reads under way, by path: a row that leaves the working range and
  /// comes back before its read ends waits for the same read. A path is in
  /// `known` or here, never both.
  private var reading: [String: Task<Int64?, Never>] = [:]
  /// Called on the main actor after each size is read: the app asks the
  /// terminal for a frame that no event asked for (`setNeedsDisplay()`,
  /// set only by the running app: in a test it would start reading stdin).
  public var didRead: (@MainActor () -> Void)?

  /// The sizes of the files under `root`, read with `stat`: a symbolic
  /// link's is its target's. O(1).
  public convenience init(root: URL) {
    self.init(root: root, read: Self.statSize)
  }

  /// The sizes of the files under `root`, read with `read` (a test's). O(1).
  package init(root: URL, read: @escaping @Sendable (String) -> Int64?) {
    self.root = root
    self.read = read
  }

  /// The size of the file at `path` (from the root): kept, or read on a
  /// background task. nil when it cannot be read. O(1) plus one `stat`.
  func size(of path: String) async -> Int64? {
    if let size = known[path] { return size }
    if let pending = reading[path] { return await pending.value }
    let read = read
    let absolute = root.appendingPathComponent(path).path
    let pending = Task.detached { read(absolute) }
    reading[path] = pending
    let size = await pending.value
    reading[path] = nil
    known[path] = size
    didRead?()
    return size
  }

  /// `stat`'s size: a symbolic link is followed to its target, whose size
  /// is the one that matters (as Finder shows it; `ls -lL`).
  private nonisolated static func statSize(_ path: String) -> Int64? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Int64(status.st_size)
  }

  /// `size` for a narrow column: bytes, then K, M, G, T with one decimal
  /// under 10 ("512 B", "1.5 K", "24 M"). O(1).
  public nonisolated static func format(_ size: Int64) -> String {
    guard size >= 1024 else { return "\(size) B" }
    var value = Double(size) / 1024
    var unit = 0
    let units = ["K", "M", "G", "T", "P"]
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    let number = value < 10 ? String(format: "%.1f", value) : String(Int(value.rounded()))
    return number + " " + units[unit]
  }
}

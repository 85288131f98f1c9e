import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a second `todo` from editing the same list at the same time.
///
/// Each save replaces the whole file, so two processes editing one list
/// would silently undo each other's changes. The lock is an advisory
/// `flock(2)` on a hidden `.<file>.lock` beside the list (not on the list
/// itself, which every save replaces with a new file); the system releases
/// it when the holder exits, however it exits, so a crash never leaves the
/// list locked.
public final class ToDoFileLock {
  /// The lock file's path.
  public let path: String
  private let descriptor: Int32

  /// Takes the lock for the list at `url`, creating its directory if
  /// needed. Throws ``ToDoFileError/locked(path:)`` at once, without
  /// waiting, when another process (or another lock in this one) holds it.
  /// O(1).
  public init(for url: URL) throws(ToDoFileError) {
    let url = ToDoFile.followingLinks(url)
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .unwritable(path: directory.path, reason: String(describing: error))
    }
    path = directory.appendingPathComponent("." + url.lastPathComponent + ".lock").path
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .unwritable(path: path, reason: AtomicFile.lastError()) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let reason = errno == EWOULDBLOCK ? nil : AtomicFile.lastError()
      close(descriptor)
      if let reason { throw .unwritable(path: path, reason: reason) }
      throw .locked(path: url.path)
    }
  }

  deinit {
    // Closing the descriptor releases the lock; the empty lock file stays,
    // since removing it could race with another process taking it.
    close(descriptor)
  }
}

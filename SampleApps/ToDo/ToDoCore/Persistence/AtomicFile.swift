import Foundation
import ListDiffUITerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents so that readers, and the file after a crash,
/// see either the old contents or the new, never a mixture.
///
/// The bytes go to a fresh temporary file beside the target, are flushed to
/// the disk, and the temporary file is then renamed over the target (an
/// atomic step on POSIX file systems); finally the directory is flushed so
/// the rename itself survives a power loss. Each write uses its own
/// temporary name, so two writes never share a file.
public enum AtomicFile {
  /// The prefix of the temporary files for `url`: hidden, beside it, and
  /// specific enough that leftovers can be recognised and removed.
  public static func temporaryPrefix(for url: URL) -> String {
    "." + url.lastPathComponent + ".tmp-"
  }

  /// Writes `data` to `url` atomically. O(n) in the data's size, plus two
  /// `fsync`s.
  public static func write(_ data: Data, to url: URL) throws(AtomicWriteError) {
    try write(data, to: url, beforeRename: nil)
  }

  /// Writes `data` to `url` atomically, running `beforeRename` after the
  /// temporary file is complete and before it replaces the target; throwing
  /// from it abandons the write as a crash at that moment would (the target
  /// is untouched; unlike a crash, the temporary file is removed). For the
  /// package's tests only. O(n) in the data's size, plus two `fsync`s.
  package static func write(
    _ data: Data, to url: URL, beforeRename: ((URL) throws -> Void)?
  ) throws(AtomicWriteError) {
    let directory = url.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      temporaryPrefix(for: url) + "\(getpid())-\(UUID().uuidString)")
    let path = url.path
    let temporaryPath = temporary.path

    // Keep the permissions of the file being replaced; a new file is
    // private to its owner, since a to-do list is personal.
    var mode: mode_t = 0o600
    var status = stat()
    if stat(path, &status) == 0 { mode = status.st_mode & 0o7777 }

    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw .failed(step: "create a temporary file in \(directory.path)", reason: lastError()) }
    var keepTemporary = false
    defer { if !keepTemporary { unlink(temporaryPath) } }

    do throws(AtomicWriteError) {
      try writeAll(data, to: descriptor)
      _ = fchmod(descriptor, mode)  // O_CREAT's mode is reduced by the umask
      guard fsync(descriptor) == 0 else { throw .failed(step: "flush the temporary file to disk", reason: lastError()) }
    } catch {
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw .failed(step: "close the temporary file", reason: lastError()) }

    if let beforeRename {
      do { try beforeRename(temporary) } catch { throw .interrupted(String(describing: error)) }
    }
    guard rename(temporaryPath, path) == 0 else { throw .failed(step: "rename the temporary file over it", reason: lastError()) }
    keepTemporary = true  // it is the target now

    // A failure here cannot be undone and the data is in place; at worst
    // the rename is lost in a power cut and the old contents come back.
    let directoryDescriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  private static func writeAll(_ data: Data, to descriptor: Int32) throws(AtomicWriteError) {
    let result: AtomicWriteError? = data.withUnsafeBytes { buffer -> AtomicWriteError? in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return .failed(step: "write the temporary file", reason: lastError())
        }
        offset += written
      }
      return nil
    }
    if let result { throw result }
  }

  static func lastError() -> String {
    String(cString: strerror(errno))
  }
}


/// Why an atomic write did not happen; the target file is unchanged.
public enum AtomicWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A system call failed: which step, and the system's reason.
  case failed(step: String, reason: String)
  /// The `beforeRename` hook threw (a simulated crash).
  case interrupted(String)

  /// One line saying what failed and why.
  public var description: String {
    switch self {
    case .failed(let step, let reason): "cannot \(step): \(reason)"
    case .interrupted(let reason): "interrupted before the rename: \(reason)"
    }
  }
}

import Foundation
import TestSupport
import ToDoCore

/// Ids 1, 2, 3… so tests can name items.
final class SequentialIDs: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0
  func make() -> String {
    lock.lock(); defer { lock.unlock() }
    next += 1
    return "id\(next)"
  }
}

/// 2024-05-01 09:30:00 UTC.
let fixedDate = Date(timeIntervalSince1970: 1_714_555_800)

/// A fresh, empty directory under the system's temporary directory, removed
/// by `cleanup`.
struct TemporaryDirectory: ~Copyable {
  let url: URL
  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(at: url) }

  func file(_ name: String = "todo.json") -> URL { url.appendingPathComponent(name) }

  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}

/// A random title of printable text, sometimes beyond ASCII.
func randomTitle(using generator: inout SeededGenerator) -> String {
  let pieces = ["milk", "eggs", "call mum", "fix bike", "ünïcødé", "日本語", "🍎", "a  b", "x"]
  let count = Int.random(in: 1...3, using: &generator)
  return (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: " ")
}

import Foundation
import ToDoCore

/// SplitMix64: a small, fast generator whose whole state is the seed, so a
/// failing randomized case can be replayed from the seed printed with it.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476C_E5B9_E4D9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

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

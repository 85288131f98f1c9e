import Foundation

/// Finds an executable product of this package for tests that run it.
package enum BuiltProduct {
  /// The executable was not found where a build puts it.
  package struct NotBuilt: Error, CustomStringConvertible {
    /// The product's name.
    package var name: String
    /// Where it was looked for.
    package var searched: [String]

    package var description: String {
      "the \(name) executable was not found; build it with `swift build --product \(name)` "
        + "(looked in: \(searched.joined(separator: ", ")))"
    }
  }

  /// The executable `name` built beside the running test bundle (SwiftPM
  /// puts every product of a build in one directory, and Bazel puts a
  /// test's data there), else in the package's default debug build
  /// directory.
  package static func location(of name: String) throws -> URL {
    var candidates: [URL] = []
    let arguments = CommandLine.arguments
    if let first = arguments.first {
      candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent(name))
    }
    // Under `swift test` on Linux the bundle is passed as an argument to a
    // runner; on macOS it is a directory inside the build directory.
    for argument in arguments.dropFirst() where argument.hasSuffix(".xctest") {
      candidates.append(URL(fileURLWithPath: argument).deletingLastPathComponent().appendingPathComponent(name))
    }
    let bundle = Bundle.main.bundleURL
    candidates.append(bundle.deletingLastPathComponent().appendingPathComponent(name))
    candidates.append(bundle.appendingPathComponent(name))
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    candidates.append(packageRoot.appendingPathComponent(".build/debug/\(name)"))
    for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
      return candidate
    }
    throw NotBuilt(name: name, searched: candidates.map(\.path))
  }
}

/// Runs `body` on a new thread and returns what it returns.
///
/// Tests that wait on child processes, pseudo-terminals or the clock do
/// their waiting here: the cooperative pool has as many threads as cores
/// (two in CI), and a test blocking one starves every async test — the
/// store actor, the main actor's hops — until its time limit.
package func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
  }
}

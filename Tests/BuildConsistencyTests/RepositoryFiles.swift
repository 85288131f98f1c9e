import Foundation

/// The repository's build files, read from disk.
struct RepositoryFiles {
  /// The folder holding Package.swift and BUILD.bazel.
  var root: URL

  /// Finds the repository root.
  ///
  /// Under SwiftPM, `#filePath` is this file's absolute path, three folders
  /// below the root. Under `bazel test`, it is relative to the execution root
  /// and the test runs in its runfiles folder, where BUILD.bazel's `data`
  /// puts the same files under the same relative paths; `TEST_SRCDIR` and
  /// `TEST_WORKSPACE` name that folder when the working directory differs.
  ///
  /// Throws a message listing every place it looked when none has both
  /// Package.swift and BUILD.bazel.
  static func locate(filePath: String = #filePath) throws -> RepositoryFiles {
    var candidates: [URL] = []
    // Also through symbolic links, for a test folder linked into another
    // package: the repository is where the files really are.
    for source in [URL(fileURLWithPath: filePath), URL(fileURLWithPath: filePath).resolvingSymlinksInPath()] {
      candidates.append(
        source
          .deletingLastPathComponent()  // BuildConsistencyTests (or a subfolder's parent)
          .deletingLastPathComponent()  // Tests
          .deletingLastPathComponent())  // the root
    }
    let environment = ProcessInfo.processInfo.environment
    if let runfiles = environment["TEST_SRCDIR"] {
      if let workspace = environment["TEST_WORKSPACE"] {
        candidates.append(URL(fileURLWithPath: runfiles).appendingPathComponent(workspace))
      }
      // Built as an external repository (`@listdiffui//:BuildConsistencyTests`),
      // the source path starts with external/<repository>/.
      let components = filePath.split(separator: "/")
      if let external = components.firstIndex(of: "external"), external + 1 < components.count {
        candidates.append(URL(fileURLWithPath: runfiles).appendingPathComponent(String(components[external + 1])))
      }
    }
    let fileManager = FileManager.default
    for candidate in candidates
    where fileManager.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path)
      && fileManager.fileExists(atPath: candidate.appendingPathComponent("BUILD.bazel").path)
    {
      return RepositoryFiles(root: candidate)
    }
    throw LocateError(searched: candidates.map(\.path))
  }

  struct LocateError: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "found no folder with both Package.swift and BUILD.bazel; looked in: " + searched.joined(separator: ", ")
    }
  }

  /// The text of `name`, a path relative to the root.
  func read(_ name: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
  }

  /// The Swift files under `folder` (relative to the root), recursively, as
  /// paths relative to the root. Empty when the folder does not exist.
  func swiftFiles(under folder: String) -> [String] {
    let base = root.appendingPathComponent(folder)
    guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
    return enumerator.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
      .map { folder + "/" + $0 }
      .sorted()
  }
}

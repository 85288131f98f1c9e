import Foundation

/// Package.swift as SwiftPM itself reads it: the JSON of
/// `swift package dump-package`, decoded into what BUILD.bazel must mirror.
struct Manifest: Decodable {
  struct Product: Decodable {
    var name: String
    /// "library" or "executable" (or another kind BUILD.bazel cannot mirror).
    var kind: String
    var targets: [String]

    private enum Keys: String, CodingKey { case name, type, targets }
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      name = try container.decode(String.self, forKey: .name)
      targets = try container.decode([String].self, forKey: .targets)
      kind = try container.nestedContainer(keyedBy: AnyKey.self, forKey: .type).allKeys.first?.stringValue ?? "?"
    }
  }

  struct Target: Decodable {
    struct Dependency: Decodable {
      /// "byName", "target" or "product".
      var kind: String
      var name: String
      /// Whether it applies only under a condition (`.when(platforms:)`).
      var isConditional: Bool

      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        guard let key = container.allKeys.first else {
          throw DecodingError.dataCorrupted(
            .init(codingPath: container.codingPath, debugDescription: "empty dependency"))
        }
        var fields = try container.nestedUnkeyedContainer(forKey: key)
        kind = key.stringValue
        name = try fields.decode(String.self)
        let hasCondition = try !fields.isAtEnd && !fields.decodeNil()
        isConditional = kind == "product" || hasCondition
      }
    }

    var name: String
    /// "regular", "executable", "test", or a kind Bazel has no rule for here.
    var type: String
    var path: String?
    var dependencies: [Dependency]
    var exclude: [String]
    var sources: [String]?
    var resources: [Ignored]
    var settings: [Ignored]
    var packageAccess: Bool?

    /// The folder SwiftPM compiles: `path:`, or the conventional one.
    var folder: String { path ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)") }
  }

  var name: String
  var products: [Product]
  var targets: [Target]
  var swiftLanguageVersions: [String]?
  var toolsVersion: ToolsVersion
  struct ToolsVersion: Decodable { var _version: String }

  /// The language mode every target compiles in: the newest listed, or else
  /// the tools version's major version, as SwiftPM decides.
  var languageMode: String {
    swiftLanguageVersions?.last ?? String(toolsVersion._version.prefix { $0 != "." })
  }

  /// Runs `swift package dump-package` on a copy of `packageSwift` in a
  /// folder of its own: the manifest alone is enough, and SwiftPM then never
  /// waits for the lock of the `swift test` that may be running this.
  static func load(packageSwift: URL) throws -> Manifest {
    let files = FileManager.default
    let folder = files.temporaryDirectory.appendingPathComponent("BuildConsistency-\(UUID().uuidString)")
    try files.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? files.removeItem(at: folder) }
    try files.copyItem(at: packageSwift, to: folder.appendingPathComponent("Package.swift"))
    let errors = folder.appendingPathComponent("errors.txt")
    _ = files.createFile(atPath: errors.path, contents: nil)

    let process = Process()
    process.executableURL = try swiftExecutable()
    process.arguments = ["package", "--package-path", folder.path, "dump-package"]
    // The package as every build but CI's checked one sees it: that one's
    // optimization flags (LISTDIFFUI_OPTIMIZE_LIBRARIES, see Package.swift)
    // have no Bazel counterpart to mirror.
    var environment = ProcessInfo.processInfo.environment
    environment["LISTDIFFUI_OPTIMIZE_LIBRARIES"] = nil
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    let json = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      throw LoadError(description: "swift package dump-package failed (\(process.terminationStatus)): \(message)")
    }
    return try JSONDecoder().decode(Manifest.self, from: json)
  }

  /// The `swift` driver: `LISTDIFFUI_SWIFT` if set, else the first on PATH
  /// (under `bazel test`, pass `--test_env=PATH`), else the usual places.
  static func swiftExecutable() throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    let path = (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swift" }
    let candidates =
      [environment["LISTDIFFUI_SWIFT"]].compactMap { $0 } + path
      + ["/usr/bin/swift", "/opt/swift/usr/bin/swift", "/usr/local/bin/swift"]
    guard let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
      throw LoadError(description: "no swift executable in LISTDIFFUI_SWIFT, PATH or the usual places: \(candidates)")
    }
    return URL(fileURLWithPath: found)
  }

  struct LoadError: Error, CustomStringConvertible { var description: String }
}

/// A JSON value whose content does not matter, only that it is there.
struct Ignored: Decodable {
  init() {}
  init(from decoder: any Decoder) throws {}
}

struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

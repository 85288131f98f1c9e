import Foundation

/// What Package.swift declares, as far as the Bazel build must mirror it.
///
/// Read from the manifest's source text, not by running it: the `Package(...)`
/// call must be written as literals (as this package's is). Anything the
/// reader does not model is recorded on the target as an unsupported
/// argument, so the check fails on it instead of ignoring it.
struct PackageManifest: Equatable {
  /// The kinds of target the Bazel build has counterparts for, and the rest.
  enum TargetKind: Equatable, CustomStringConvertible {
    case library, executable, test
    /// `.plugin`, `.macro`, `.systemLibrary`, `.binaryTarget`, ...
    case other(String)

    init(callee: String) {
      switch callee {
      case ".target": self = .library
      case ".executableTarget": self = .executable
      case ".testTarget": self = .test
      default: self = .other(callee)
      }
    }

    var description: String {
      switch self {
      case .library: ".target"
      case .executable: ".executableTarget"
      case .test: ".testTarget"
      case .other(let callee): callee
      }
    }
  }

  /// One entry of a target's `dependencies:`.
  enum Dependency: Hashable, CustomStringConvertible {
    /// `"Name"`, `.target(name: "Name")` or `.byName(name: "Name")`.
    case target(String)
    /// `.product(name:package:)`: a target of another package.
    case product(name: String, package: String?)
    /// A form this check does not model (for example one with `condition:`).
    case unsupported(String)

    var description: String {
      switch self {
      case .target(let name): "\"\(name)\""
      case .product(let name, let package): ".product(name: \"\(name)\", package: \"\(package ?? "?")\")"
      case .unsupported(let text): text
      }
    }
  }

  /// One entry of `targets:`.
  struct Target: Equatable {
    var kind: TargetKind
    var name: String
    /// `path:` as written, or `nil` when SwiftPM's default folder applies.
    var explicitPath: String?
    var dependencies: [Dependency]
    /// Labels of arguments other than `name`, `dependencies` and `path`
    /// (`exclude:`, `sources:`, `swiftSettings:`, ...).
    var unsupportedArguments: [String]
    /// `exclude:` as written: paths inside the target's folder. Bazel's
    /// `srcs` glob takes only Swift files, so an excluded folder of data
    /// (text snapshots) compiles the same in both builds; the check that it
    /// holds no Swift file reads the repository.
    var exclude: [String] = []

    /// The folder whose Swift files make up the target.
    ///
    /// SwiftPM's default is `Sources/<name>` (`Tests/<name>` for tests); it
    /// also accepts `Source`, `src` and `srcs`, which this package does not
    /// use and this check does not look for.
    var path: String {
      if let explicitPath { return normalizedFolder(explicitPath) }
      return (kind == .test ? "Tests/" : "Sources/") + name
    }
  }

  /// The kinds of product the Bazel build mirrors, and the rest.
  enum ProductKind: Equatable {
    case library, executable
    case other(String)
  }

  /// One entry of `products:`: what users of the package name.
  struct Product: Equatable {
    var kind: ProductKind
    var name: String
    var targets: [String]
  }

  /// From the `// swift-tools-version:` line, e.g. "6.0".
  var toolsVersion: String?
  /// The Swift language mode every target compiles in: the first of
  /// `swiftLanguageModes:` (or `swiftLanguageVersions:`), else the tools
  /// version's default ("6" from tools version 6, else "5").
  var languageMode: String
  var targets: [Target]
  var products: [Product]

  /// Reads the manifest `text`, naming `fileName` in errors.
  ///
  /// Complexity: O(n) in the length of the text.
  init(parsing text: String, fileName: String = "Package.swift") throws(ConfigurationParseError) {
    toolsVersion = Self.toolsVersion(in: text)
    let tokens = try Tokenizer.tokenize(text, dialect: .swift, fileName: fileName)
    guard
      let start = tokens.indices.first(where: { index in
        tokens[index].identifier == "Package" && index + 1 < tokens.count && tokens[index + 1].isPunctuation("(")
      })
    else {
      throw ConfigurationParseError(file: fileName, location: nil, message: "no `Package(...)` call found")
    }
    var reader = ExpressionReader(tokens: tokens, dialect: .swift, fileName: fileName)
    reader.position = start
    guard case .call(_, let arguments, let location) = try reader.readExpression() else {
      throw reader.error("expected `Package(...)`")
    }
    func literalList(_ label: String) throws(ConfigurationParseError) -> [Expression] {
      guard let value = arguments.value(label) else { return [] }
      guard let elements = value.listValue else {
        throw ConfigurationParseError(
          file: fileName, location: location,
          message: "`\(label):` is not a literal list; this check reads only literal manifests")
      }
      return elements
    }
    targets = try literalList("targets").map { element throws(ConfigurationParseError) in
      try Self.target(from: element, fileName: fileName)
    }
    products = try literalList("products").map { element throws(ConfigurationParseError) in
      try Self.product(from: element, fileName: fileName)
    }
    let modes = try literalList("swiftLanguageModes") + literalList("swiftLanguageVersions")
    if let first = modes.first {
      guard case .reference(let mode) = first, mode.hasPrefix(".v") else {
        throw ConfigurationParseError(
          file: fileName, location: location, message: "unrecognized Swift language mode \(first)")
      }
      languageMode = String(mode.dropFirst(2)).replacingOccurrences(of: "_", with: ".")
    } else {
      let major = toolsVersion?.split(separator: ".").first.flatMap { Int($0) } ?? 5
      languageMode = major >= 6 ? "6" : "5"
    }
  }

  /// The version in a `// swift-tools-version:X` (or `swift-tools-version: X`)
  /// first line.
  private static func toolsVersion(in text: String) -> String? {
    guard let firstLine = text.split(separator: "\n", maxSplits: 1).first,
      let marker = firstLine.range(of: "swift-tools-version:")
    else { return nil }
    let rest = firstLine[marker.upperBound...].drop { $0 == " " }
    let version = rest.prefix { $0.isNumber || $0 == "." }
    return version.isEmpty ? nil : String(version)
  }

  private static func target(from element: Expression, fileName: String) throws(ConfigurationParseError) -> Target {
    guard case .call(let callee, let arguments, let location) = element else {
      throw ConfigurationParseError(
        file: fileName, location: nil, message: "a `targets:` element is not a target declaration: \(element)")
    }
    func string(_ label: String) throws(ConfigurationParseError) -> String? {
      guard let value = arguments.value(label) else { return nil }
      guard let string = value.stringValue else {
        throw ConfigurationParseError(
          file: fileName, location: location, message: "`\(label):` of \(callee) is not a string literal")
      }
      return string
    }
    guard let name = try string("name") else {
      throw ConfigurationParseError(file: fileName, location: location, message: "\(callee) has no `name:`")
    }
    let dependencies: [Dependency]
    if let value = arguments.value("dependencies") {
      guard let elements = value.listValue else {
        throw ConfigurationParseError(
          file: fileName, location: location, message: "`dependencies:` of \"\(name)\" is not a literal list")
      }
      dependencies = elements.map(Self.dependency(from:))
    } else {
      dependencies = []
    }
    var exclude: [String] = []
    if let value = arguments.value("exclude") {
      guard let elements = value.listValue, elements.allSatisfy({ $0.stringValue != nil }) else {
        throw ConfigurationParseError(
          file: fileName, location: location, message: "`exclude:` of \"\(name)\" is not a literal list of strings")
      }
      exclude = elements.compactMap(\.stringValue)
    }
    let modelled: Set<String?> = ["name", "dependencies", "path", "exclude"]
    return Target(
      kind: TargetKind(callee: callee), name: name, explicitPath: try string("path"),
      dependencies: dependencies,
      unsupportedArguments: arguments.filter { !modelled.contains($0.label) }.map { $0.label ?? "(unlabelled)" },
      exclude: exclude)
  }

  private static func dependency(from element: Expression) -> Dependency {
    switch element {
    case .string(let name):
      return .target(name)
    case .call(".target", let arguments, _) where arguments.count == 1,
      .call(".byName", let arguments, _) where arguments.count == 1:
      if let name = arguments.value("name")?.stringValue { return .target(name) }
    case .call(".product", let arguments, _) where arguments.allSatisfy({ ["name", "package"].contains($0.label) }):
      if let name = arguments.value("name")?.stringValue {
        return .product(name: name, package: arguments.value("package")?.stringValue)
      }
    default:
      break
    }
    return .unsupported("\(element)")
  }

  private static func product(from element: Expression, fileName: String) throws(ConfigurationParseError) -> Product {
    guard case .call(let callee, let arguments, let location) = element,
      let name = arguments.value("name")?.stringValue
    else {
      throw ConfigurationParseError(
        file: fileName, location: nil, message: "a `products:` element is not a product declaration: \(element)")
    }
    guard let targets = arguments.value("targets")?.listValue?.compactMap(\.stringValue) else {
      throw ConfigurationParseError(
        file: fileName, location: location, message: "product \"\(name)\" has no literal `targets:` list")
    }
    let kind: ProductKind =
      switch callee {
      case ".library": .library
      case ".executable": .executable
      default: .other(callee)
      }
    return Product(kind: kind, name: name, targets: targets)
  }
}

/// `path` without a leading `./` or trailing `/`, so that `"./Benchmarks/"`
/// and `"Benchmarks"` compare equal.
func normalizedFolder(_ path: String) -> String {
  var result = Substring(path)
  while result.hasPrefix("./") { result = result.dropFirst(2) }
  while result.hasSuffix("/") { result = result.dropLast() }
  return String(result)
}

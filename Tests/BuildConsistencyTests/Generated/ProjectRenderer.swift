import TestSupport

/// Writes a `GeneratedProject` as Package.swift and BUILD.bazel text,
/// choosing at random among the equivalent spellings each language allows
/// (dependency forms, label forms, argument order, comments, variables), so
/// that the readers are tested on the variety real files have.
struct ProjectRenderer {
  var random: SeededGenerator

  init(random: SeededGenerator) { self.random = random }

  /// A Swift string literal for `value`.
  static func swiftLiteral(_ value: String) -> String {
    var result = "\""
    for character in value {
      switch character {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result.append(character)
      }
    }
    return result + "\""
  }

  /// A Starlark string literal for `value`, in `quote` quotes.
  static func starlarkLiteral(_ value: String, quote: Character = "\"") -> String {
    var result = String(quote)
    for character in value {
      switch character {
      case "\\": result += "\\\\"
      case "\"" where quote == "\"", "'" where quote == "'": result += "\\" + String(character)
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result.append(character)
      }
    }
    return result + String(quote)
  }

  private mutating func swiftComment() -> String {
    [
      "", "", "  // \"quoted\" text and Package( in a comment\n", "  /* block /* nested */ comment ] */\n",
    ].randomElement(using: &random)!
  }

  mutating func packageSwift(_ project: GeneratedProject) -> String {
    var text = "// swift-tools-version:\(project.languageMode == "6" ? "6.0" : "5.9")\n"
    text += "// A generated manifest. let package = Package(name: \"decoy\")\n\nimport PackageDescription\n\n"
    text += "let package = Package(\n  name: \"Generated\",\n"
    var products: [String] = project.libraryProducts.map { ".library(name: \(Self.swiftLiteral($0)), targets: [\(Self.swiftLiteral($0))])" }
    products += project.executableProducts.map {
      ".executable(name: \(Self.swiftLiteral($0.product)), targets: [\(Self.swiftLiteral($0.target))])"
    }
    text += "  products: [\n" + products.map { "    \($0),\n" }.joined() + "  ],\n"
    text += "  targets: [\n"
    for target in project.targets {
      text += swiftComment()
      let callee = target.kind.description  // ".target", ".executableTarget" or ".testTarget"
      var arguments = ["name: \(Self.swiftLiteral(target.name))"]
      if !target.dependencies.isEmpty || random.chance(0.2) {
        let dependencies = target.dependencies.map { name in
          [Self.swiftLiteral(name), ".target(name: \(Self.swiftLiteral(name)))", ".byName(name: \(Self.swiftLiteral(name)))"]
            .randomElement(using: &random)!
        }
        let trailingComma = !dependencies.isEmpty && random.chance(0.3) ? "," : ""
        arguments.append("dependencies: [" + dependencies.joined(separator: ", ") + trailingComma + "]")
      }
      if let path = target.explicitPath { arguments.append("path: \(Self.swiftLiteral(path))") }
      if let extra = target.extraPackageArgument { arguments.append(extra) }
      text += "    \(callee)(\(arguments.joined(separator: random.chance(0.5) ? ", " : ",\n      ")))"
      text += ",\n"
    }
    text += "  ],\n  swiftLanguageModes: [.v\(project.languageMode)]\n)\n"
    return text
  }

  /// Top-level assignments the rules being rendered refer to, written
  /// before the rules.
  private var variables: [(name: String, value: String)] = []

  /// The `data = ...` attribute of `target`'s rule, or `nil` when it has
  /// none: the executables it runs as labels, among plain files, as one
  /// list, a list joined to a `glob`, or through a variable.
  private mutating func dataAttribute(of target: GeneratedProject.Target, in project: GeneratedProject) -> String? {
    var entries = target.ruleData.map { module in
      Self.starlarkLiteral((random.chance(0.5) ? ":" : "//:") + project.ruleName(ofModule: module))
    }
    entries += target.ruleDataFiles.map { Self.starlarkLiteral($0) }
    entries.shuffle(using: &random)
    let glob = random.chance(0.2) ? "glob([\"Fixtures/**\"])" : nil
    if entries.isEmpty && glob == nil { return nil }
    var value = "[" + entries.joined(separator: ", ") + "]"
    if random.chance(0.3) {
      let name = "DATA_\(variables.count)"
      variables.append((name, value))
      value = name
    }
    if let glob { value = random.chance(0.5) ? value + " + " + glob : glob + " + " + value }
    return "data = " + value
  }

  mutating func buildBazel(_ project: GeneratedProject) -> String {
    let aliased = random.chance(0.3)
    var text = "# Generated. swift_library(name = \"decoy\") in a comment is not a rule.\n"
    if aliased {
      text += "load(\"@build_bazel_rules_swift//swift:swift_library.bzl\", lib = \"swift_library\")\n"
      text += "load('@build_bazel_rules_swift//swift:swift.bzl', 'swift_binary', 'swift_test')\n"
    } else {
      text += "load(\"@build_bazel_rules_swift//swift:swift.bzl\", \"swift_binary\", \"swift_library\", \"swift_test\")\n"
    }
    text += "load(\"//tools:other.bzl\", \"not_swift\")\n\n"
    text += "VERSION_FLAG = [\"-swift-version\"]\nLANGUAGE = [\"\(project.languageMode)\"]\nCOPTS = VERSION_FLAG + LANGUAGE\n\n"
    text += "not_swift(name = \"unrelated\", srcs = [\"x\"])\n\n"
    var rules: [String] = []
    variables = []
    for target in project.targets where target.inBuild {
      var attributes = ["name = \(Self.starlarkLiteral(target.ruleName))"]
      attributes.append(
        "srcs = glob([\(Self.starlarkLiteral(target.rulePattern, quote: random.chance(0.5) ? "\"" : "'"))])")
      if let module = target.ruleModuleName { attributes.append("module_name = \(Self.starlarkLiteral(module))") }
      if target.ruleCopts == ["-swift-version", project.languageMode] && random.chance(0.5) {
        attributes.append("copts = COPTS")
      } else if !target.ruleCopts.isEmpty {
        attributes.append("copts = [" + target.ruleCopts.map { Self.starlarkLiteral($0) }.joined(separator: ", ") + "]")
      }
      if !target.ruleDependencies.isEmpty {
        let labels = target.ruleDependencies.map { module in
          Self.starlarkLiteral((random.chance(0.5) ? ":" : "//:") + project.ruleName(ofModule: module))
        }
        attributes.append("deps = [\n        " + labels.joined(separator: ",\n        ") + ",\n    ]")
      }
      if let data = dataAttribute(of: target, in: project) { attributes.append(data) }
      if target.rulePublic { attributes.append("visibility = [\"//visibility:public\"]") }
      if target.kind == .test && random.chance(0.3) { attributes.append("size = \"small\"") }
      if let extra = target.ruleExtraAttribute { attributes.append(extra) }
      attributes.shuffle(using: &random)
      let kind = aliased && target.ruleKind == "swift_library" ? "lib" : target.ruleKind
      rules.append("\(kind)(\n    " + attributes.joined(separator: ",\n    ") + ",\n)\n")
    }
    for extra in project.extraRules {
      rules.append((aliased ? "lib" : "swift_library") + "(\n    name = \(Self.starlarkLiteral(extra)),\n    srcs = glob([\"Sources/\(extra)/**/*.swift\"]),\n    copts = COPTS,\n)\n")
    }
    rules.shuffle(using: &random)
    text += variables.map { "\($0.name) = \($0.value)\n" }.joined()
    return text + rules.joined(separator: random.chance(0.5) ? "\n" : "\n# a comment between rules\n\n")
  }
}

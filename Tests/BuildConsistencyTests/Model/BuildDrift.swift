/// One way the Bazel build differs from the SwiftPM build.
struct BuildDrift: Hashable, CustomStringConvertible {
  /// What drifted: a Package.swift target's name, a Bazel label such as
  /// `//:todo`, or a file name for repository-level settings.
  var subject: String
  /// What is wrong, and what the other build says.
  var problem: String

  var description: String { "\(subject): \(problem)" }
}

/// Compares Package.swift with BUILD.bazel, and the Bazel setup files with
/// each other.
enum BuildConsistency {
  /// The attributes a Swift rule may carry. Each either mirrors something
  /// Package.swift says (`srcs`, `deps`, `module_name`, `copts`,
  /// `visibility`, and `data` for dependencies on executables) or only
  /// affects how Bazel runs the target (`size`, `tags`, ...). Anything else
  /// could compile the module differently from SwiftPM, so it is reported.
  static let knownAttributes: Set<String> = [
    "name", "module_name", "srcs", "deps", "copts", "visibility",
    "data", "size", "tags", "timeout", "flaky", "testonly", "shard_count", "local",
  ]

  /// The rules_swift rule that builds a target of each kind.
  static func ruleKind(for kind: PackageManifest.TargetKind) -> String? {
    switch kind {
    case .library: "swift_library"
    case .executable: "swift_binary"
    case .test: "swift_test"
    case .other: nil
    }
  }

  /// Every difference between the targets of `manifest` and the Swift rules
  /// of `build`, each naming the target (or rule) it concerns.
  ///
  /// Complexity: O(t · r) for t targets and r rules, which is tiny here.
  static func drifts(manifest: PackageManifest, build: BazelBuildFile) -> [BuildDrift] {
    var drifts: [BuildDrift] = []
    let targetNames = Set(manifest.targets.map(\.name))

    for target in manifest.targets {
      drifts += self.drifts(of: target, manifest: manifest, build: build)
    }

    for rule in build.rules where !targetNames.contains(rule.moduleName) {
      drifts.append(
        BuildDrift(
          subject: rule.label,
          problem: "\(rule.kind) builds module \"\(rule.moduleName)\", which is not a target in Package.swift"))
    }

    for product in manifest.products {
      drifts += self.drifts(of: product, build: build)
    }
    return drifts
  }

  private static func drifts(
    of target: PackageManifest.Target, manifest: PackageManifest, build: BazelBuildFile
  ) -> [BuildDrift] {
    var drifts: [BuildDrift] = []
    func report(_ problem: String) { drifts.append(BuildDrift(subject: target.name, problem: problem)) }

    for label in target.unsupportedArguments {
      report("Package.swift gives it `\(label):`, which BUILD.bazel cannot be checked against; mirror it there and teach this check")
    }
    guard let expectedKind = ruleKind(for: target.kind) else {
      report("\(target.kind) targets have no Bazel counterpart this check knows")
      return drifts
    }
    let expectedGlob = "\(target.path)/**/*.swift"
    let candidates = build.rules.filter { $0.moduleName == target.name }
    guard let rule = candidates.first else {
      report(
        "no rule in BUILD.bazel builds module \"\(target.name)\"; expected \(expectedKind) with "
          + "module_name = \"\(target.name)\" and srcs = glob([\"\(expectedGlob)\"])")
      return drifts
    }
    if candidates.count > 1 {
      report("several rules build module \"\(target.name)\": \(candidates.map(\.label).joined(separator: ", "))")
    }
    if rule.kind != expectedKind {
      report("it is a \(target.kind) in Package.swift but \(rule.label) is a \(rule.kind), not a \(expectedKind)")
    }
    for attribute in rule.attributes.keys.sorted() where !knownAttributes.contains(attribute) {
      report("\(rule.label) sets `\(attribute)`, which has no counterpart in Package.swift")
    }
    if rule.attributes["module_name"] == nil && !isSwiftIdentifier(rule.name) {
      report("\(rule.label) needs module_name = \"\(target.name)\": its name is not a Swift identifier")
    }

    if let problem = globProblem(rule.attributes["srcs"], expectedPattern: expectedGlob) {
      report("\(rule.label) \(problem); Package.swift compiles every Swift file under \(target.path)/")
    }

    let expectedCopts: Expression = .list([.string("-swift-version"), .string(manifest.languageMode)])
    if (rule.attributes["copts"] ?? .list([])) != expectedCopts {
      report(
        "\(rule.label) copts are \(describe(rule.attributes["copts"])), expected [\"-swift-version\", "
          + "\"\(manifest.languageMode)\"] (Package.swift's language mode, and nothing SwiftPM does not pass)")
    }

    for problem in dependencyProblems(of: target, rule: rule, manifest: manifest, build: build) {
      report(problem)
    }
    return drifts
  }

  private static func drifts(of product: PackageManifest.Product, build: BazelBuildFile) -> [BuildDrift] {
    var drifts: [BuildDrift] = []
    func report(_ problem: String) { drifts.append(BuildDrift(subject: product.name, problem: problem)) }
    let rules = product.targets.compactMap { name in build.rules.first { $0.moduleName == name } }
    // A missing rule is already reported against its target.
    for rule in rules where !isPublic(rule) {
      report("\(rule.label) builds part of product \"\(product.name)\" but is not visibility = [\"//visibility:public\"]")
    }
    switch product.kind {
    case .library:
      if rules.count == 1, product.targets.count == 1, rules[0].name != product.name {
        report("library product \"\(product.name)\" is built by \(rules[0].label); name the rule \"\(product.name)\" so users name the same thing in both builds")
      }
    case .executable:
      if product.targets.count != 1 {
        report("an executable product has exactly one target; it lists \(product.targets.count)")
      } else if let rule = rules.first {
        if rule.name != product.name {
          report("executable product \"\(product.name)\" is built by \(rule.label); name the swift_binary \"\(product.name)\"")
        }
        if rule.kind != "swift_binary" {
          report("executable product \"\(product.name)\" is built by \(rule.label), a \(rule.kind), not a swift_binary")
        }
      }
    case .other(let kind):
      report("\(kind) products have no Bazel counterpart this check knows")
    }
    return drifts
  }

  /// Whether `rule`'s visibility includes everyone.
  static func isPublic(_ rule: BazelBuildFile.Rule) -> Bool {
    rule.attributes["visibility"]?.listValue?.contains(.string("//visibility:public")) ?? false
  }

  /// Why `srcs` is not exactly `glob(["<expectedPattern>"])`, or `nil` when it is.
  private static func globProblem(_ srcs: Expression?, expectedPattern: String) -> String? {
    guard let srcs else { return "has no srcs" }
    guard case .call("glob", let arguments, _) = srcs,
      arguments.count == 1, arguments[0].label == nil || arguments[0].label == "include",
      let patterns = arguments[0].value.listValue
    else {
      return "srcs are \(describe(srcs)), not glob([\"\(expectedPattern)\"])"
    }
    if patterns != [.string(expectedPattern)] {
      return "srcs glob \(describe(.list(patterns))), not [\"\(expectedPattern)\"]"
    }
    return nil
  }

  private static func isSwiftIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
    return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
  }

  /// A short Starlark-like rendering of a value for messages.
  static func describe(_ expression: Expression?) -> String {
    guard let expression else { return "absent" }
    switch expression {
    case .string(let value): return "\"\(value)\""
    case .number(let value): return value
    case .list(let elements): return "[" + elements.map { describe($0) }.joined(separator: ", ") + "]"
    case .reference(let name): return name
    case .call(let callee, let arguments, _):
      let rendered = arguments.map { ($0.label.map { "\($0) = " } ?? "") + describe($0.value) }
      return "\(callee)(\(rendered.joined(separator: ", ")))"
    case .concatenation(let operands): return operands.map { describe($0) }.joined(separator: " + ")
    }
  }
}

/// One way the Bazel build differs from the SwiftPM build: what drifted (a
/// target or product name, a label, a file) and what is wrong.
struct BuildDrift: CustomStringConvertible {
  var subject: String
  var problem: String
  var description: String { "\(subject): \(problem)" }
}

/// The rules_swift rules of a BUILD.bazel, under whatever names `load` gave them.
struct BazelBuild {
  struct Rule {
    var kind: String
    var name: String
    var attributes: [String: StarlarkFile.Value]
    /// `module_name`, or else the name, as rules_swift derives it.
    var moduleName: String { attributes["module_name"]?.string ?? name }
    var label: String { "//:\(name)" }
    var isPublic: Bool { attributes["visibility"]?.list?.contains(.string("//visibility:public")) ?? false }
  }

  var rules: [Rule] = []

  init(_ text: String) throws {
    let file = try StarlarkFile(text, fileName: "BUILD.bazel")
    var kinds: [String: String] = [:]
    for load in file.calls where load.callee == "load" {
      guard load.arguments.first?.value.string?.contains("rules_swift//swift") == true else { continue }
      for symbol in load.arguments.dropFirst() {
        kinds[symbol.label ?? symbol.value.string ?? ""] = symbol.value.string
      }
    }
    for call in file.calls {
      guard let kind = kinds[call.callee], let name = call["name"]?.string else { continue }
      let attributes = call.arguments.map { ($0.label ?? "", file.resolve($0.value)) }
      rules.append(Rule(kind: kind, name: name, attributes: Dictionary(attributes) { first, _ in first }))
    }
  }

  /// The rule `:name` or `//:name` names.
  func rule(forLabel label: String) -> Rule? {
    guard label.hasPrefix(":") || label.hasPrefix("//:") else { return nil }
    return rules.first { $0.name == label.drop { $0 != ":" }.dropFirst() }
  }
}

enum BuildConsistency {
  /// Attributes that mirror something in Package.swift, or only say how Bazel runs a target.
  static let knownAttributes: Set = [
    "name", "module_name", "srcs", "deps", "copts", "visibility", "data",
    "size", "tags", "timeout", "flaky", "testonly", "shard_count", "local",
  ]
  static let ruleKinds = ["regular": "swift_library", "executable": "swift_binary", "test": "swift_test"]

  /// Every difference between Package.swift's targets and products and BUILD.bazel's rules.
  ///
  /// Complexity: O(t · r) for t targets and r rules.
  static func drifts(manifest: Manifest, build: BazelBuild) -> [BuildDrift] {
    var drifts: [BuildDrift] = []
    for target in manifest.targets {
      drifts += problems(of: target, manifest, build).map { BuildDrift(subject: target.name, problem: $0) }
    }
    let targetNames = Set(manifest.targets.map(\.name))
    for rule in build.rules where !targetNames.contains(rule.moduleName) {
      drifts.append(
        BuildDrift(subject: rule.label, problem: "builds \(rule.moduleName), not a target of Package.swift"))
    }
    for product in manifest.products {
      func report(_ problem: String) { drifts.append(BuildDrift(subject: product.name, problem: problem)) }
      let rules = product.targets.compactMap { name in build.rules.first { $0.moduleName == name } }
      for rule in rules where !rule.isPublic { report("\(rule.label) is part of it but not public") }
      if !["library", "executable"].contains(product.kind) || rules.count != 1 || product.targets.count != 1 {
        report("a \(product.kind) product of \(product.targets.count) targets, which this check cannot mirror")
      } else if rules[0].name != product.name {
        report("built by \(rules[0].label); name the rule \(product.name), as users name the product")
      }
    }
    return drifts
  }

  private static func problems(of target: Manifest.Target, _ manifest: Manifest, _ build: BazelBuild) -> [String] {
    var problems: [String] = []
    // `exclude:` is mirrored by the glob taking only Swift files; a test checks excluded folders hold none.
    if !target.settings.isEmpty || !target.resources.isEmpty || target.sources != nil {
      problems.append("it has settings, resources or sources: mirror them in BUILD.bazel and teach this check")
    }
    let glob = "\(target.folder)/**/*.swift"
    let rules = build.rules.filter { $0.moduleName == target.name }
    guard let kind = ruleKinds[target.type], let rule = rules.first else {
      return problems + ["no \(ruleKinds[target.type] ?? "rule") builds module \(target.name) from glob([\"\(glob)\"])"]
    }
    if rules.count > 1 { problems.append("built by several rules: \(rules.map(\.label))") }
    if rule.kind != kind {
      problems.append("a \(target.type) target, but \(rule.label) is a \(rule.kind), not a \(kind)")
    }
    for attribute in rule.attributes.keys.sorted() where !knownAttributes.contains(attribute) {
      problems.append("\(rule.label) sets \(attribute), which has no counterpart in Package.swift")
    }
    if rule.attributes["module_name"] == nil && !rule.name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
      problems.append("\(rule.label) needs module_name = \"\(target.name)\": its name is not a Swift identifier")
    }
    if rule.attributes["srcs"] != .call("glob", [.list([.string(glob)])]) {
      problems.append("\(rule.label) srcs are not glob([\"\(glob)\"]), the folder SwiftPM compiles")
    }
    // SwiftPM's language mode, and one Swift package for `package` access.
    var copts = ["-swift-version", manifest.languageMode]
    if target.packageAccess ?? true { copts += ["-package-name", manifest.name.lowercased()] }
    if rule.attributes["copts"] != .list(copts.map(StarlarkFile.Value.string)) {
      problems.append("\(rule.label) copts are not \(copts), as SwiftPM compiles it")
    }
    return problems + dependencyProblems(of: target, rule: rule, manifest, build)
  }

  /// SwiftPM has one list of dependencies; Bazel compiles against and links
  /// libraries in `deps`, and only builds executables (into the runfiles) in
  /// `data`: a swift_binary in `deps` would leak its own dependencies' modules.
  private static func dependencyProblems(
    of target: Manifest.Target, rule: BazelBuild.Rule, _ manifest: Manifest, _ build: BazelBuild
  ) -> [String] {
    var problems: [String] = []
    let types = Dictionary(manifest.targets.map { ($0.name, $0.type) }) { first, _ in first }
    var wanted: (deps: Set<String>, data: Set<String>) = ([], [])
    for dependency in target.dependencies {
      if dependency.isConditional || types[dependency.name] == nil {
        problems.append("its dependency \(dependency.name) is not an unconditional target, which this check compares")
      } else if types[dependency.name] == "executable" {
        wanted.data.insert(dependency.name)
      } else {
        wanted.deps.insert(dependency.name)
      }
    }
    func modules(_ attribute: String) -> Set<String> {
      var labels: [StarlarkFile.Value] = []
      switch rule.attributes[attribute] {
      case nil: break
      case .list(let values)?: labels = values
      case .call("glob", _)? where attribute == "data": break  // files, never rules
      case .sum(let terms)? where attribute == "data": labels = terms.flatMap { $0.list ?? [] }  // + glob(files)
      case let other?: problems.append("\(rule.label) \(attribute) is \(other), not a list of labels")
      }
      var modules: Set<String> = []
      for label in labels {
        if let dependency = label.string.flatMap(build.rule(forLabel:)) {
          modules.insert(dependency.moduleName)
        } else if attribute == "deps" && label.string?.hasPrefix("@") != true {
          // An external label can only be the toolchain's (Testing): the package has no dependencies.
          problems.append("\(rule.label) deps has \(label), which is not a Swift rule of BUILD.bazel")
        }
      }
      return modules
    }
    let (deps, data) = (modules("deps"), modules("data"))
    for module in wanted.deps.subtracting(deps).sorted() {
      problems.append("it depends on \(module) but \(rule.label) has no dep on it")
    }
    for module in wanted.data.subtracting(data).sorted() {
      problems.append("it depends on the executable \(module) but \(rule.label) does not carry it in data")
    }
    for module in deps.subtracting(wanted.deps).sorted() {
      problems.append("\(rule.label) deps has \(module), which it does not depend on as a library")
    }
    for module in data.subtracting(wanted.data).sorted() {
      problems.append("\(rule.label) data has \(module), which it does not depend on as an executable")
    }
    return problems
  }

  /// MODULE.bazel (bzlmod) and WORKSPACE with repositories.bzl must give
  /// users the same repository name and the same rules_swift, one that runs
  /// Swift Testing on Linux (3.0 and later).
  static func setupDrifts(module: String, workspace: String, repositories: String, build: String) throws
    -> [BuildDrift]
  {
    let module = try StarlarkFile(module, fileName: "MODULE.bazel")
    let workspace = try StarlarkFile(workspace, fileName: "WORKSPACE")
    let version = try StarlarkFile(repositories, fileName: "repositories.bzl").globals["RULES_SWIFT_VERSION"]?.string
    var drifts: [BuildDrift] = []
    let moduleName = module.calls.first { $0.callee == "module" }?["name"]?.string
    let workspaceName = workspace.calls.first { $0.callee == "workspace" }?["name"]?.string
    if moduleName == nil || moduleName != workspaceName {
      drifts.append(
        BuildDrift(subject: "WORKSPACE", problem: "\(workspaceName ?? "-") is not module \(moduleName ?? "-")"))
    }
    guard
      let rulesSwift = module.calls.first(where: { $0.callee == "bazel_dep" && $0["name"] == .string("rules_swift") })
    else { return drifts + [BuildDrift(subject: "MODULE.bazel", problem: "has no bazel_dep on rules_swift")] }
    let repository = "@\(rulesSwift["repo_name"]?.string ?? "rules_swift")//"
    let loads = try StarlarkFile(build, fileName: "BUILD.bazel").calls.filter { $0.callee == "load" }
    if let used = loads.compactMap({ $0.arguments.first?.value.string }).first(where: { $0.contains("rules_swift//") }),
      !used.hasPrefix(repository)
    {
      drifts.append(
        BuildDrift(subject: "MODULE.bazel", problem: "rules_swift is \(repository) but BUILD.bazel loads \(used)"))
    }
    let moduleVersion = rulesSwift["version"]?.string
    if moduleVersion != version {
      drifts.append(
        BuildDrift(
          subject: "repositories.bzl", problem: "rules_swift \(version ?? "-"), MODULE.bazel \(moduleVersion ?? "-")"))
    }
    if let major = moduleVersion?.split(separator: ".").first.flatMap({ Int($0) }), major < 3 {
      drifts.append(
        BuildDrift(subject: "MODULE.bazel", problem: "rules_swift \(major).x cannot run Swift Testing on Linux"))
    }
    return drifts
  }
}

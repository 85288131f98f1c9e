/// Comparing a target's `dependencies:` with its rule's `deps` and `data`.
///
/// SwiftPM has one list of dependencies; Bazel splits it by what each one
/// gives the dependent. A library is compiled against and linked in, so it
/// belongs in `deps`. An executable is only something to run: SwiftPM builds
/// it before the dependent because it is listed, and Bazel does the same for
/// a label in `data`, which also puts the binary in the runfiles. A
/// `swift_binary` has no module of its own and nothing to link, so in `deps`
/// it is at best a back door: rules_swift's aspect passes on the binary's
/// own dependencies' modules, letting the dependent import what it never
/// declared.
extension BuildConsistency {
  /// Every disagreement between `target`'s dependencies in Package.swift and
  /// the `deps` and `data` of `rule`, the rule that builds it, each as a
  /// message about `target`.
  ///
  /// Complexity: O(d · (t + r)) for d dependencies and labels, t targets and
  /// r rules.
  static func dependencyProblems(
    of target: PackageManifest.Target, rule: BazelBuildFile.Rule, manifest: PackageManifest, build: BazelBuildFile
  ) -> [String] {
    var problems: [String] = []
    let kinds = Dictionary(manifest.targets.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
    // Package.swift decides what a module is; a rule it does not know (one
    // reported as Bazel-only) is judged by its own kind.
    func isExecutable(_ module: String) -> Bool {
      if let kind = kinds[module] { return kind == .executable }
      return build.rules.contains { $0.moduleName == module && $0.kind == "swift_binary" }
    }
    func label(ofModule module: String) -> String {
      build.rules.first { $0.moduleName == module }?.label ?? "the rule that builds \(module)"
    }

    var libraries: Set<String> = []
    var executables: Set<String> = []
    for dependency in target.dependencies {
      switch dependency {
      case .target(let name) where kinds[name] == nil:
        problems.append("depends on \"\(name)\", which is not a target of Package.swift")
      case .target(let name):
        if kinds[name] == .executable {
          executables.insert(name)
        } else {
          libraries.insert(name)
        }
      case .product, .unsupported:
        problems.append("dependency \(dependency) has no counterpart this check can compare with BUILD.bazel")
      }
    }

    let depModules = modulesInDeps(of: rule, build: build, problems: &problems)
    let dataModules = modulesInData(of: rule, build: build, problems: &problems)

    for missing in libraries.subtracting(depModules).sorted() {
      problems.append("Package.swift depends on \"\(missing)\" but \(rule.label) has no dep on the rule that builds it")
    }
    for missing in executables.subtracting(dataModules).sorted() {
      let inDeps = depModules.contains(missing)
      problems.append(
        "Package.swift's \(target.name) depends on the executable \(missing); \(rule.label) must carry "
          + "\(label(ofModule: missing)) in data\(inDeps ? ", not deps" : "") (a swift_binary has no module to "
          + "compile against and nothing to link; data builds it and puts it in the runfiles)")
    }
    for module in depModules.sorted() {
      if isExecutable(module) {
        if executables.contains(module) && !dataModules.contains(module) { continue }  // reported above, with "not deps"
        problems.append(
          "\(rule.label) lists \(label(ofModule: module)), which builds the executable \(module), in deps"
            + (executables.contains(module)
              ? " as well as data; an executable dependency belongs in data only"
              : ", but Package.swift's \(target.name) does not depend on it (and an executable belongs in data, not deps)"))
      } else if !libraries.contains(module) {
        problems.append("\(rule.label) depends on module \"\(module)\" but the Package.swift target does not")
      }
    }
    for module in dataModules.sorted() {
      if !isExecutable(module) {
        problems.append(
          "\(rule.label) carries \(label(ofModule: module)) in data, but \"\(module)\" is not an executable "
            + "target of Package.swift; a dependency on a library belongs in deps")
      } else if !executables.contains(module) {
        problems.append(
          "\(rule.label) carries \(label(ofModule: module)) in data, but Package.swift's \(target.name) does not "
            + "depend on the executable \(module)")
      }
    }
    return problems
  }

  /// The modules of the Swift rules `rule`'s `deps` names. Every entry must
  /// be a label of a Swift rule in `build`; anything else is a problem.
  private static func modulesInDeps(
    of rule: BazelBuildFile.Rule, build: BazelBuildFile, problems: inout [String]
  ) -> Set<String> {
    guard let deps = rule.attributes["deps"] else { return [] }
    guard let labels = deps.listValue else {
      problems.append("\(rule.label) deps are not a list of labels: \(describe(deps))")
      return []
    }
    var modules: Set<String> = []
    for label in labels {
      guard let text = label.stringValue, let dependency = build.rule(forLabel: text) else {
        problems.append("\(rule.label) depends on \(describe(label)), which is not a Swift rule of BUILD.bazel")
        continue
      }
      modules.insert(dependency.moduleName)
    }
    return modules
  }

  /// The modules of the Swift rules `rule`'s `data` names. `data` also
  /// carries plain files and `glob(...)`s of them, which are not
  /// dependencies in Package.swift's sense, so only labels of Swift rules in
  /// `build` count.
  private static func modulesInData(
    of rule: BazelBuildFile.Rule, build: BazelBuildFile, problems: inout [String]
  ) -> Set<String> {
    guard let data = rule.attributes["data"] else { return [] }
    guard let entries = listedEntries(data) else {
      problems.append(
        "\(rule.label) data is \(describe(data)), which this check cannot read; write it as a list of labels, "
          + "optionally + glob(...)")
      return []
    }
    var modules: Set<String> = []
    for entry in entries {
      if let text = entry.stringValue, let dependency = build.rule(forLabel: text) {
        modules.insert(dependency.moduleName)
      }
    }
    return modules
  }

  /// The entries of a list, or of lists and `glob(...)` calls joined by `+`,
  /// with the globs (which match files, never rules) contributing none;
  /// `nil` for any other form.
  private static func listedEntries(_ expression: Expression) -> [Expression]? {
    switch expression {
    case .list(let elements):
      return elements
    case .call("glob", _, _):
      return []
    case .concatenation(let operands):
      var entries: [Expression] = []
      for operand in operands {
        guard let part = listedEntries(operand) else { return nil }
        entries += part
      }
      return entries
    case .string, .number, .reference, .call:
      return nil
    }
  }
}

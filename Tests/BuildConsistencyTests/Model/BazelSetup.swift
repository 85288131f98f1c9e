/// The repository-level Bazel files: how bzlmod (MODULE.bazel) and
/// WORKSPACE users (WORKSPACE, repositories.bzl) get rules_swift.
struct BazelSetup {
  /// `module(name = ...)` in MODULE.bazel.
  var moduleName: String?
  /// `workspace(name = ...)` in WORKSPACE.
  var workspaceName: String?
  /// The arguments of `bazel_dep(name = "rules_swift", ...)` in MODULE.bazel.
  var rulesSwiftDependency: [Argument]?
  /// `RULES_SWIFT_VERSION` in repositories.bzl, which WORKSPACE users fetch.
  var workspaceRulesSwiftVersion: String?
  /// The repository BUILD.bazel loads its Swift rules from, e.g.
  /// "build_bazel_rules_swift".
  var buildRulesRepository: String?

  /// Reads the four files' texts.
  ///
  /// Complexity: O(n) in their total length.
  init(module: String, workspace: String, repositories: String, build: String) throws(ConfigurationParseError) {
    let moduleFile = try StarlarkFile(parsing: module, fileName: "MODULE.bazel")
    let workspaceFile = try StarlarkFile(parsing: workspace, fileName: "WORKSPACE")
    let repositoriesFile = try StarlarkFile(parsing: repositories, fileName: "repositories.bzl")
    let buildFile = try StarlarkFile(parsing: build, fileName: "BUILD.bazel")
    moduleName = moduleFile.calls.first { $0.callee == "module" }?.arguments.value("name")?.stringValue
    workspaceName = workspaceFile.calls.first { $0.callee == "workspace" }?.arguments.value("name")?.stringValue
    rulesSwiftDependency =
      moduleFile.calls.first {
        $0.callee == "bazel_dep" && $0.arguments.value("name")?.stringValue == "rules_swift"
      }?.arguments
    workspaceRulesSwiftVersion = repositoriesFile.resolve(.reference("RULES_SWIFT_VERSION")).stringValue
    buildRulesRepository = buildFile.calls.lazy
      .filter { $0.callee == "load" }
      .compactMap { $0.arguments.first?.value.stringValue }
      .first { $0.hasPrefix("@") && $0.contains("rules_swift//") }
      .map { String($0.dropFirst().prefix { $0 != "/" }) }
  }

  /// The first rules_swift major version whose `swift_test` runs Swift
  /// Testing tests on Linux.
  static let firstSwiftTestingMajorVersion = 3

  /// Every disagreement between the two ways of consuming the repository.
  ///
  /// Complexity: O(1).
  func drifts() -> [BuildDrift] {
    var drifts: [BuildDrift] = []
    if moduleName == nil {
      drifts.append(BuildDrift(subject: "MODULE.bazel", problem: "has no module(name = ...)"))
    }
    if moduleName != workspaceName {
      drifts.append(
        BuildDrift(
          subject: "WORKSPACE",
          problem: "workspace name \(workspaceName.map { "\"\($0)\"" } ?? "absent") differs from "
            + "MODULE.bazel's module name \(moduleName.map { "\"\($0)\"" } ?? "absent"); users would name the repository differently in the two modes"
        ))
    }
    guard let dependency = rulesSwiftDependency else {
      drifts.append(BuildDrift(subject: "MODULE.bazel", problem: "has no bazel_dep(name = \"rules_swift\", ...)"))
      return drifts
    }
    let repositoryName = dependency.value("repo_name")?.stringValue ?? "rules_swift"
    if let buildRulesRepository, buildRulesRepository != repositoryName {
      drifts.append(
        BuildDrift(
          subject: "MODULE.bazel",
          problem: "rules_swift is visible as @\(repositoryName) but BUILD.bazel loads from @\(buildRulesRepository); "
            + "set repo_name = \"\(buildRulesRepository)\""))
    }
    let version = dependency.value("version")?.stringValue
    if version != workspaceRulesSwiftVersion {
      drifts.append(
        BuildDrift(
          subject: "repositories.bzl",
          problem: "WORKSPACE users get rules_swift \(workspaceRulesSwiftVersion ?? "(none)") but MODULE.bazel "
            + "asks for \(version ?? "(none)")"))
    }
    for (file, pinned) in [("MODULE.bazel", version), ("repositories.bzl", workspaceRulesSwiftVersion)] {
      guard let pinned, let major = pinned.split(separator: ".").first.flatMap({ Int($0) }) else { continue }
      if major < Self.firstSwiftTestingMajorVersion {
        drifts.append(
          BuildDrift(
            subject: file,
            problem: "rules_swift \(pinned) cannot run the Swift Testing tests on Linux; "
              + "\(Self.firstSwiftTestingMajorVersion).0 is the first release that can"))
      }
    }
    return drifts
  }
}

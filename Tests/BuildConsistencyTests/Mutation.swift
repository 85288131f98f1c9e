/// The mutated copies of a project, each with the subject the check must name.
struct Variants {
  let project: Project
  var all: [(subject: String, project: Project)] = []

  /// `edit` applied to the text of the rule building `module`, if there is
  /// one and the edit changes it.
  mutating func rule(_ module: String, subject: String? = nil, _ edit: (String) -> String) throws {
    let file = try StarlarkFile(project.build, fileName: "BUILD.bazel")
    guard let call = file.calls.first(where: { ($0["module_name"] ?? $0["name"])?.string == module }) else { return }
    var text = Array(project.build)
    let edited = edit(String(text[call.range]))
    guard edited != String(text[call.range]) else { return }
    text.replaceSubrange(call.range, with: edited)
    var copy = project
    copy.build = String(text)
    all.append((subject ?? module, copy))
  }

  /// Each `old` replaced by its `new` in the rule building `module`, if all occur.
  mutating func rule(_ module: String, subject: String? = nil, _ replacements: (old: String, new: String)...) throws {
    try rule(module, subject: subject) { text in
      replacements.allSatisfy { text.contains($0.old) }
        ? replacements.reduce(text) { $0.replacingOccurrences(of: $1.old, with: $1.new) } : text
    }
  }

  mutating func file(_ path: WritableKeyPath<Project, String>, subject: String, _ old: String, _ new: String) {
    guard project[keyPath: path].contains(old) else { return }
    var copy = project
    copy[keyPath: path] = copy[keyPath: path].replacingOccurrences(of: old, with: new)
    all.append((subject, copy))
  }

  mutating func manifest(subject: String, _ change: (inout Manifest) -> Void) {
    var copy = project
    change(&copy.manifest)
    all.append((subject, copy))
  }
}

/// One change that makes the builds disagree, applied to the real project
/// wherever it fits: BUILD.bazel and the other Bazel files as text,
/// Package.swift as the JSON SwiftPM dumps of it, decoded.
enum Mutation: CaseIterable {
  case removeRule, changeKind, renameModule, changeGlob, changeCopts, dropCopts, addUnknownAttribute
  case dropDependency, addDependency, executableInDeps, libraryInData, makeProductPrivate, renameProductRule
  case addBazelOnlyRule, changeLanguageMode, moveTargetFolder, addManifestTarget, dropExecutableDependency
  case makeDependencyConditional, addTargetSettings, changeRulesSwiftVersion, renameWorkspace, dropRepoName
  case oldRulesSwift

  func variants(of project: Project) throws -> [(subject: String, project: Project)] {
    var v = Variants(project: project)
    let build = try BazelBuild(project.build)
    let libraries = project.manifest.targets.filter { $0.type == "regular" }.map(\.name)
    for (index, target) in project.manifest.targets.enumerated() {
      let name = target.name
      let deps = target.dependencies.map(\.name).filter(libraries.contains)
      let binaries = target.dependencies.compactMap { dependency in
        build.rules.first { $0.moduleName == dependency.name && $0.kind == "swift_binary" }?.name
      }
      switch self {
      case .removeRule: try v.rule(name) { _ in "" }
      case .changeKind:
        try v.rule(name) {
          $0.hasPrefix("swift_library(") ? "swift_test" + $0.dropFirst(13) : "swift_library" + $0.drop { $0 != "(" }
        }
      case .renameModule: try v.rule(name, ("module_name = \"\(name)\"", "module_name = \"\(name)2\""))
      case .changeGlob: try v.rule(name, ("/**/*.swift", "/*.swift"))
      case .changeCopts: try v.rule(name, ("copts = SWIFT_COPTS", "copts = [\"-swift-version\", \"6\"]"))
      case .dropCopts: try v.rule(name, ("copts = SWIFT_COPTS,", ""))
      case .addUnknownAttribute: try v.rule(name, ("copts = SWIFT_COPTS,", "copts = SWIFT_COPTS, defines = [\"X\"],"))
      case .dropDependency:
        for dep in deps {
          try v.rule(name) {
            $0.replacingOccurrences(of: "\":\(dep)\",", with: "").replacingOccurrences(of: "\":\(dep)\"", with: "")
          }
        }
      case .addDependency:
        for extra in libraries where extra != name && !deps.contains(extra) {
          try v.rule(name, ("deps = [", "deps = [\":\(extra)\", "))
        }
      case .executableInDeps:
        for binary in binaries {
          try v.rule(name, ("data = [\":\(binary)\"", "data = ["), ("deps = [", "deps = [\":\(binary)\", "))
        }
      case .libraryInData:
        for dep in deps { try v.rule(name, ("copts = SWIFT_COPTS,", "copts = SWIFT_COPTS, data = [\":\(dep)\"],")) }
      case .changeLanguageMode: v.manifest(subject: name) { $0.swiftLanguageVersions = ["5"] }
      case .moveTargetFolder: v.manifest(subject: name) { $0.targets[index].path = "Elsewhere/\(name)" }
      case .dropExecutableDependency where !binaries.isEmpty:
        v.manifest(subject: name) { $0.targets[index].dependencies.removeAll { !libraries.contains($0.name) } }
      case .makeDependencyConditional where !target.dependencies.isEmpty:
        v.manifest(subject: name) { $0.targets[index].dependencies[0].isConditional = true }
      case .addTargetSettings: v.manifest(subject: name) { $0.targets[index].settings.append(Ignored()) }
      default: break
      }
    }
    for product in project.manifest.products {
      guard let rule = build.rules.first(where: { product.targets.contains($0.moduleName) }) else { continue }
      switch self {
      case .makeProductPrivate:
        try v.rule(rule.moduleName, subject: product.name, ("visibility = [\"//visibility:public\"],", ""))
      case .renameProductRule:
        try v.rule(rule.moduleName, subject: product.name, ("name = \"\(rule.name)\"", "name = \"\(rule.name)_\""))
      default: break
      }
    }
    switch self {
    case .addBazelOnlyRule:
      v.file(
        \.build, subject: "//:Extra", "\n# Libraries.",
        "\nswift_library(name = \"Extra\", srcs = glob([\"Sources/Extra/**/*.swift\"]))\n# Libraries.")
    case .addManifestTarget:
      v.manifest(subject: "Extra") {
        $0.targets.append(project.manifest.targets[0])
        $0.targets[$0.targets.count - 1].name = "Extra"
      }
    case .changeRulesSwiftVersion:
      v.file(\.repositories, subject: "repositories.bzl", "_VERSION = \"", "_VERSION = \"9")
    case .renameWorkspace: v.file(\.workspace, subject: "WORKSPACE", "workspace(name = \"", "workspace(name = \"x")
    case .dropRepoName: v.file(\.module, subject: "MODULE.bazel", "repo_name = \"build_bazel_rules_swift\"", "")
    case .oldRulesSwift: v.file(\.module, subject: "MODULE.bazel", "version = \"3.", "version = \"2.")
    default: break
    }
    return v.all
  }
}

import TestSupport

/// One change that makes a consistent `GeneratedProject` drift, and the
/// subject the checker must then name.
enum Mutation: CaseIterable, Sendable {
  case removeRule, dropDependency, addDependency, changeGlob, renameModule, changeKind
  case changeLanguageMode, dropCopts, makePrivate, addPackageArgument, addBazelOnlyRule
  case addUnknownAttribute, movePackagePath, renameExecutableRule
  // Package.swift's dependencies on executables are Bazel's `data`.
  case dropExecutableDependency, addExecutableDependency, executableInDeps, libraryInData

  /// Applies the mutation to a random target it suits, returning the drift
  /// subject expected, or `nil` when no target suits it.
  func apply(to project: inout GeneratedProject, using random: inout SeededGenerator) -> String? {
    let indices = project.targets.indices.shuffled(using: &random)
    switch self {
    case .removeRule:
      guard let i = indices.first else { return nil }
      project.targets[i].inBuild = false
      return project.targets[i].name
    case .dropDependency:
      guard let i = indices.first(where: { !project.targets[$0].ruleDependencies.isEmpty }) else { return nil }
      project.targets[i].ruleDependencies.removeLast()
      return project.targets[i].name
    case .addDependency:
      for i in indices {
        let current = Set(project.targets[i].ruleDependencies)
        if let extra = project.targets.map(\.name).first(where: { $0 != project.targets[i].name && !current.contains($0) }) {
          project.targets[i].ruleDependencies.append(extra)
          return project.targets[i].name
        }
      }
      return nil
    case .changeGlob:
      guard let i = indices.first else { return nil }
      let variants = [
        normalizedFolder(project.targets[i].path) + "/*.swift",
        "Sources/Other/**/*.swift",
        normalizedFolder(project.targets[i].path) + "/**/*.m",
      ]
      project.targets[i].rulePattern = variants.randomElement(using: &random)!
      return project.targets[i].name
    case .renameModule:
      guard let i = indices.first else { return nil }
      project.targets[i].ruleModuleName = project.targets[i].name + "Renamed"
      return project.targets[i].name
    case .changeKind:
      guard let i = indices.first else { return nil }
      let others = ["swift_library", "swift_binary", "swift_test"].filter { $0 != project.targets[i].ruleKind }
      project.targets[i].ruleKind = others.randomElement(using: &random)!
      return project.targets[i].name
    case .changeLanguageMode:
      guard let i = indices.first else { return nil }
      project.targets[i].ruleCopts = ["-swift-version", project.languageMode == "6" ? "5" : "6"]
      return project.targets[i].name
    case .dropCopts:
      guard let i = indices.first else { return nil }
      project.targets[i].ruleCopts = random.chance(0.5) ? [] : project.targets[i].ruleCopts + ["-enable-testing"]
      return project.targets[i].name
    case .makePrivate:
      if let product = project.libraryProducts.randomElement(using: &random),
        let i = project.targets.firstIndex(where: { $0.name == product })
      {
        project.targets[i].rulePublic = false
        return product
      }
      if let product = project.executableProducts.randomElement(using: &random),
        let i = project.targets.firstIndex(where: { $0.name == product.target })
      {
        project.targets[i].rulePublic = false
        return product.product
      }
      return nil
    case .addPackageArgument:
      guard let i = indices.first else { return nil }
      project.targets[i].extraPackageArgument =
        ["sources: [\"Main.swift\"]", "swiftSettings: [.define(\"DEBUG\")]", "resources: [.copy(\"Data\")]"]
        .randomElement(using: &random)!
      return project.targets[i].name
    case .addBazelOnlyRule:
      let name = "Only" + GeneratedProject.randomTypeName(using: &random)
      project.extraRules.append(name)
      return "//:\(name)"
    case .addUnknownAttribute:
      guard let i = indices.first else { return nil }
      project.targets[i].ruleExtraAttribute =
        ["defines = [\"DEBUG\"]", "linkopts = [\"-lm\"]", "alwayslink = True"].randomElement(using: &random)!
      return project.targets[i].name
    case .movePackagePath:
      guard let i = indices.first else { return nil }
      // Package.swift moves, BUILD.bazel keeps globbing the old folder.
      project.targets[i].explicitPath = "Moved/\(project.targets[i].name)"
      return project.targets[i].name
    case .renameExecutableRule:
      guard let product = project.executableProducts.randomElement(using: &random),
        let i = project.targets.firstIndex(where: { $0.name == product.target })
      else { return nil }
      project.targets[i].ruleName = product.product + "-renamed"
      project.targets[i].ruleModuleName = product.target
      return product.product
    case .dropExecutableDependency:
      guard let i = indices.first(where: { !project.targets[$0].ruleData.isEmpty }) else { return nil }
      project.targets[i].ruleData.remove(at: Int.random(in: project.targets[i].ruleData.indices, using: &random))
      return project.targets[i].name
    case .addExecutableDependency:
      let executables = project.targets.filter { $0.kind == .executable }.map(\.name)
      for i in indices {
        let current = Set(project.targets[i].ruleData)
        if let extra = executables.first(where: { $0 != project.targets[i].name && !current.contains($0) }) {
          project.targets[i].ruleData.insert(extra, at: Int.random(in: 0...current.count, using: &random))
          return project.targets[i].name
        }
      }
      return nil
    case .executableInDeps:
      // The mistake this check was taught to catch: the binary a test runs
      // listed in deps, instead of data or as well as it.
      guard let i = indices.first(where: { !project.targets[$0].ruleData.isEmpty }) else { return nil }
      let executable = project.targets[i].ruleData.randomElement(using: &random)!
      if random.chance(0.5) { project.targets[i].ruleData.removeAll { $0 == executable } }
      project.targets[i].ruleDependencies.append(executable)
      return project.targets[i].name
    case .libraryInData:
      guard let i = indices.first(where: { !project.targets[$0].ruleDependencies.isEmpty }) else { return nil }
      let library = project.targets[i].ruleDependencies.randomElement(using: &random)!
      if random.chance(0.5) { project.targets[i].ruleDependencies.removeAll { $0 == library } }
      project.targets[i].ruleData.append(library)
      return project.targets[i].name
    }
  }
}

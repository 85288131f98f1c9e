import TestSupport

/// A random package described twice, once as Package.swift and once as
/// BUILD.bazel, in varied but equivalent spellings. Generated consistent;
/// a `Mutation` then makes exactly one side disagree.
struct GeneratedProject {
  struct Target {
    // What Package.swift says.
    var name: String
    var kind: PackageManifest.TargetKind
    var explicitPath: String?
    var dependencies: [String]
    var extraPackageArgument: String?

    // What BUILD.bazel says.
    var ruleName: String
    var ruleKind: String
    var ruleModuleName: String?
    var rulePattern: String
    /// Modules of the library targets in `deps`.
    var ruleDependencies: [String]
    /// Modules of the executable targets in `data`: Bazel's counterpart of
    /// a Package.swift dependency on an executable.
    var ruleData: [String]
    /// Plain files (and globs of them) in `data`, which have no counterpart
    /// in Package.swift and must not be taken for dependencies.
    var ruleDataFiles: [String]
    var ruleCopts: [String]
    var rulePublic: Bool
    var ruleExtraAttribute: String?
    var inBuild = true

    /// The folder Package.swift compiles.
    var path: String { explicitPath ?? ((kind == .test ? "Tests/" : "Sources/") + name) }
  }

  var targets: [Target]
  /// Library products: each names one library target of the same name.
  var libraryProducts: [String]
  /// Executable products: product name and the executable target's name.
  var executableProducts: [(product: String, target: String)]
  var languageMode: String
  /// Rules in BUILD.bazel with no Package.swift target.
  var extraRules: [String] = []

  /// A consistent random project.
  static func random(using random: inout SeededGenerator) -> GeneratedProject {
    let count = Int.random(in: 1...9, using: &random)
    var names: Set<String> = []
    while names.count < count { names.insert(randomTypeName(using: &random)) }
    let languageMode = random.chance(0.8) ? "6" : "5"
    var targets: [Target] = []
    var libraryProducts: [String] = []
    var executableProducts: [(String, String)] = []
    for name in names.sorted().shuffled(using: &random) {
      let kind: PackageManifest.TargetKind = [.library, .library, .executable, .test].randomElement(using: &random)!
      // Tests may depend on earlier libraries and executables (an
      // executable to run it, as ToDoTests runs `todo`); libraries and
      // executables only on earlier libraries. Package.swift does not care,
      // but it keeps the generated graph plausible.
      let candidates = targets.filter { $0.kind == .library || ($0.kind == .executable && kind == .test) }.map(\.name)
      let dependencies = candidates.filter { _ in random.chance(0.4) }
      let executables = Set(targets.filter { $0.kind == .executable }.map(\.name))
      let dataFiles = ["Fixtures/input.json", "README.md"].filter { _ in random.chance(0.15) }
      let explicitPath =
        random.chance(0.3)
        ? ["Samples/\(name)", "./Tools/\(name)/", "Benchmarks", "Apps/\(name)/Code"].randomElement(using: &random)!
        : nil
      var ruleName = name
      var ruleModuleName: String? = random.chance(0.5) ? name : nil
      var isPublic = random.chance(0.3)
      if kind == .library && random.chance(0.5) {
        libraryProducts.append(name)
        isPublic = true
      }
      if kind == .executable && random.chance(0.6) {
        let product = name.lowercased() + ["", "-tool", "-bench"].randomElement(using: &random)!
        executableProducts.append((product, name))
        ruleName = product
        isPublic = true
        if product != name { ruleModuleName = name }
      }
      var target = Target(
        name: name, kind: kind, explicitPath: explicitPath, dependencies: dependencies, extraPackageArgument: nil,
        ruleName: ruleName, ruleKind: BuildConsistency.ruleKind(for: kind)!, ruleModuleName: ruleModuleName,
        rulePattern: "",
        ruleDependencies: dependencies.filter { !executables.contains($0) }.shuffled(using: &random),
        ruleData: dependencies.filter { executables.contains($0) }.shuffled(using: &random),
        ruleDataFiles: dataFiles,
        ruleCopts: ["-swift-version", languageMode], rulePublic: isPublic, ruleExtraAttribute: nil)
      target.rulePattern = normalizedFolder(target.path) + "/**/*.swift"
      targets.append(target)
    }
    return GeneratedProject(
      targets: targets, libraryProducts: libraryProducts, executableProducts: executableProducts,
      languageMode: languageMode)
  }

  /// A name such as `FeedCore2`.
  static func randomTypeName(using random: inout SeededGenerator) -> String {
    let words = ["List", "Diff", "Feed", "Core", "Cell", "Grid", "Todo", "Bench", "Kit", "App", "Model", "View"]
    var name = ""
    for _ in 0..<Int.random(in: 1...3, using: &random) { name += words.randomElement(using: &random)! }
    if random.chance(0.3) { name += String(Int.random(in: 0...99, using: &random)) }
    return name
  }

  /// The rule name of the target that builds module `name`.
  func ruleName(ofModule name: String) -> String {
    targets.first { $0.name == name }?.ruleName ?? name
  }
}

import TestSupport
import Testing

/// Tests the readers and the drift check themselves, on thousands of
/// generated projects, so that a passing consistency test means something:
/// it accepts every consistent pair of files however they are spelled, and
/// rejects each kind of drift, naming what drifted.
@Suite struct CheckerPropertyTests {
  static let caseCount = 3_000

  /// Renders and reads one generated project, returning the drifts found.
  private func check(
    _ project: GeneratedProject, seed: UInt64, using random: inout SeededGenerator
  ) throws -> (PackageManifest, [BuildDrift]) {
    var renderer = ProjectRenderer(random: SeededGenerator(seed: random.next()))
    let packageText = renderer.packageSwift(project)
    let buildText = renderer.buildBazel(project)
    let manifest = try PackageManifest(parsing: packageText)
    let build = try BazelBuildFile(parsing: buildText)
    return (manifest, BuildConsistency.drifts(manifest: manifest, build: build))
  }

  @Test func consistentProjectsHaveNoDrift() throws {
    for seed in UInt64(1)...UInt64(Self.caseCount) {
      var random = SeededGenerator(seed: seed)
      let project = GeneratedProject.random(using: &random)
      let (manifest, drifts) = try check(project, seed: seed, using: &random)
      #expect(drifts.isEmpty, "seed \(seed): unexpected drift \(drifts)")

      // The manifest reader recovers exactly what was written.
      #expect(manifest.targets.map(\.name) == project.targets.map(\.name), "seed \(seed)")
      #expect(manifest.languageMode == project.languageMode, "seed \(seed)")
      for (read, written) in zip(manifest.targets, project.targets) {
        #expect(read.kind == written.kind, "seed \(seed): \(written.name)")
        #expect(read.path == normalizedFolder(written.path), "seed \(seed): \(written.name)")
        #expect(read.dependencies == written.dependencies.map { .target($0) }, "seed \(seed): \(written.name)")
        #expect(read.unsupportedArguments.isEmpty, "seed \(seed): \(written.name)")
      }
      // One failing seed says enough; do not bury it under thousands more.
      if !drifts.isEmpty || manifest.targets.count != project.targets.count { return }
    }
  }

  @Test(arguments: Mutation.allCases)
  func everyDriftIsReportedAgainstWhatDrifted(mutation: Mutation) throws {
    var applied = 0
    for seed in UInt64(1)...UInt64(Self.caseCount / 3) {
      var random = SeededGenerator(seed: seed &* 0x1000 &+ UInt64(Mutation.allCases.firstIndex(of: mutation)!))
      var project = GeneratedProject.random(using: &random)
      guard let subject = mutation.apply(to: &project, using: &random) else { continue }
      applied += 1
      let (_, drifts) = try check(project, seed: seed, using: &random)
      #expect(
        drifts.contains { $0.subject == subject },
        "seed \(seed), \(mutation): expected a drift for \(subject), got \(drifts)")
    }
    #expect(applied > 50, "\(mutation) found a target to apply to only \(applied) times")
  }

  @Test func stringLiteralsRoundTripInBothDialects() throws {
    let alphabet = Array("ab \"'\\#/*()[]{},:=+.\n\té🙂$(x)")
    var random = SeededGenerator(seed: 0xC0FFEE)
    for round in 0..<Self.caseCount {
      let value = String((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
      let swift = try Tokenizer.tokenize(ProjectRenderer.swiftLiteral(value), dialect: .swift, fileName: "x")
      #expect(swift.map(\.kind) == [.string(value)], "round \(round): \(value.debugDescription)")
      for quote: Character in ["\"", "'"] {
        let starlark = try Tokenizer.tokenize(
          ProjectRenderer.starlarkLiteral(value, quote: quote) + " # trailing \"comment", dialect: .starlark,
          fileName: "x")
        #expect(starlark.map(\.kind) == [.string(value)], "round \(round): \(value.debugDescription)")
      }
    }
  }

  /// Damaged files are rejected with a message that names the file, and
  /// never crash or hang the reader.
  @Test func damagedFilesFailCleanly() throws {
    for seed in UInt64(1)...UInt64(Self.caseCount / 3) {
      var random = SeededGenerator(seed: seed)
      let project = GeneratedProject.random(using: &random)
      var renderer = ProjectRenderer(random: SeededGenerator(seed: seed))
      for (name, text) in [("Package.swift", renderer.packageSwift(project)), ("BUILD.bazel", renderer.buildBazel(project))] {
        var characters = Array(text)
        if random.chance(0.5) {
          characters.removeSubrange(Int.random(in: 0..<characters.count, using: &random)...)
        } else {
          characters.remove(at: Int.random(in: 0..<characters.count, using: &random))
        }
        do {
          if name == "Package.swift" {
            _ = try PackageManifest(parsing: String(characters), fileName: name)
          } else {
            _ = try BazelBuildFile(parsing: String(characters), fileName: name)
          }
        } catch {
          #expect(error.description.hasPrefix(name + ":"), "seed \(seed): \(error)")
        }
      }
    }
  }

  @Test func unsupportedManifestFormsAreErrorsNotGuesses() {
    let cases = [
      #"let package = Package(name: "x", targets: [.target(name: "A\(1)")])"#,
      ##"let package = Package(name: "x", targets: [.target(name: #"A"#)])"##,
      #"let package = Package(name: "x", targets: allTargets)"#,
      #"let package = Package(name: "x", targets: [.target(name: "A", dependencies: deps)])"#,
      #"let package = Package(name: "x", targets: [.target(name: "A")"#,
      #"let x = 1"#,
    ]
    for text in cases {
      #expect(throws: ConfigurationParseError.self, "\(text)") { try PackageManifest(parsing: text) }
    }
  }

  @Test func productAndConditionalDependenciesAreReported() throws {
    let manifest = try PackageManifest(
      parsing: """
        let package = Package(name: "x", targets: [
          .target(name: "A", dependencies: [.product(name: "Collections", package: "swift-collections")]),
          .target(name: "B", dependencies: [.target(name: "A", condition: .when(platforms: [.linux]))]),
        ])
        """)
    let build = try BazelBuildFile(
      parsing: """
        load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
        swift_library(name = "A", srcs = glob(["Sources/A/**/*.swift"]), copts = ["-swift-version", "5"])
        swift_library(name = "B", srcs = glob(["Sources/B/**/*.swift"]), copts = ["-swift-version", "5"])
        """)
    let subjects = BuildConsistency.drifts(manifest: manifest, build: build).map(\.subject)
    #expect(subjects.contains("A"))
    #expect(subjects.contains("B"))
  }

  /// The repository's own case: ToDoTests depends on the executable
  /// ToDoApp so that SwiftPM builds the `todo` its end-to-end tests run;
  /// Bazel must carry that binary in `data`, and only there.
  @Test func executableDependenciesAreBazelData() throws {
    func manifest(testDependencies: String) throws -> PackageManifest {
      try PackageManifest(
        parsing: """
          let package = Package(name: "x", products: [.executable(name: "todo", targets: ["ToDoApp"])], targets: [
            .target(name: "ToDoCore"),
            .executableTarget(name: "ToDoApp", dependencies: ["ToDoCore"]),
            .testTarget(name: "ToDoTests", dependencies: [\(testDependencies)]),
          ])
          """)
    }
    func drifts(_ manifest: PackageManifest, testAttributes: String) throws -> [BuildDrift] {
      let build = try BazelBuildFile(
        parsing: """
          load("@build_bazel_rules_swift//swift:swift.bzl", "swift_binary", "swift_library", "swift_test")
          swift_library(name = "ToDoCore", srcs = glob(["Sources/ToDoCore/**/*.swift"]), copts = ["-swift-version", "5"])
          swift_binary(name = "todo", module_name = "ToDoApp", srcs = glob(["Sources/ToDoApp/**/*.swift"]),
              copts = ["-swift-version", "5"], deps = [":ToDoCore"], visibility = ["//visibility:public"])
          swift_test(name = "ToDoTests", srcs = glob(["Tests/ToDoTests/**/*.swift"]), copts = ["-swift-version", "5"],
              \(testAttributes))
          """)
      return BuildConsistency.drifts(manifest: manifest, build: build)
    }
    let runsTodo = try manifest(testDependencies: #""ToDoCore", "ToDoApp""#)
    let consistent = try drifts(runsTodo, testAttributes: #"deps = [":ToDoCore"], data = [":todo", "Fixtures/a.json"]"#)
    #expect(consistent.isEmpty, "\(consistent)")

    let variants: [(manifest: PackageManifest, attributes: String, problem: String)] = [
      (runsTodo, #"deps = [":ToDoCore", ":todo"]"#,
       "Package.swift's ToDoTests depends on the executable ToDoApp; //:ToDoTests must carry //:todo in data, not deps"),
      (runsTodo, #"deps = [":ToDoCore", "//:todo"], data = ["//:todo"]"#, "deps as well as data"),
      (runsTodo, #"deps = [":ToDoCore"], data = ["Fixtures/a.json"] + glob(["Fixtures/**"])"#,
       "Package.swift's ToDoTests depends on the executable ToDoApp; //:ToDoTests must carry //:todo in data ("),
      (runsTodo, #"deps = [":ToDoCore"], data = some_macro()"#, "which this check cannot read"),
      (try manifest(testDependencies: #""ToDoCore""#), #"deps = [":ToDoCore"], data = [":todo"]"#,
       "Package.swift's ToDoTests does not depend on the executable ToDoApp"),
      (try manifest(testDependencies: #""ToDoCore""#), #"deps = [":ToDoCore", ":todo"]"#,
       "an executable belongs in data, not deps"),
      (runsTodo, #"data = [":todo", ":ToDoCore"]"#, "a dependency on a library belongs in deps"),
    ]
    for variant in variants {
      let found = try drifts(variant.manifest, testAttributes: variant.attributes)
      #expect(
        found.contains { $0.subject == "ToDoTests" && $0.problem.contains(variant.problem) },
        "\(variant.attributes): expected a ToDoTests drift saying \(variant.problem.debugDescription), got \(found)")
    }
  }

  @Test func setupDriftIsReported() throws {
    let build = #"load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")"#
    let good = try BazelSetup(
      module: #"module(name = "m")"# + "\n" + #"bazel_dep(name = "rules_swift", version = "3.4.2", repo_name = "build_bazel_rules_swift")"#,
      workspace: #"workspace(name = "m")"#, repositories: #"RULES_SWIFT_VERSION = "3.4.2""#, build: build)
    #expect(good.drifts().isEmpty, "\(good.drifts())")

    let variants: [(module: String, workspace: String, repositories: String, subject: String)] = [
      (#"module(name = "m")"# + "\n" + #"bazel_dep(name = "rules_swift", version = "3.4.2")"#, "m", "3.4.2", "MODULE.bazel"),
      (#"module(name = "m")"# + "\n" + #"bazel_dep(name = "rules_swift", version = "3.4.2", repo_name = "build_bazel_rules_swift")"#, "n", "3.4.2", "WORKSPACE"),
      (#"module(name = "m")"# + "\n" + #"bazel_dep(name = "rules_swift", version = "3.4.2", repo_name = "build_bazel_rules_swift")"#, "m", "3.5.0", "repositories.bzl"),
      (#"module(name = "m")"# + "\n" + #"bazel_dep(name = "rules_swift", version = "2.9.0", repo_name = "build_bazel_rules_swift")"#, "m", "2.9.0", "MODULE.bazel"),
      (#"module(name = "m")"#, "m", "3.4.2", "MODULE.bazel"),
    ]
    for variant in variants {
      let setup = try BazelSetup(
        module: variant.module, workspace: #"workspace(name = "\#(variant.workspace)")"#,
        repositories: "def f():\n    pass\n\nRULES_SWIFT_VERSION = \"\(variant.repositories)\"\n", build: build)
      #expect(setup.drifts().contains { $0.subject == variant.subject }, "\(variant): \(setup.drifts())")
    }
  }
}

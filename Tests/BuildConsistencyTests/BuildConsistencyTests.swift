import Foundation
import Testing

/// Checks that this repository's Bazel build declares the same targets as its
/// Package.swift. These run on machines without Bazel: they only read files.
@Suite struct BuildConsistencyTests {
  let files: RepositoryFiles
  let manifest: PackageManifest
  let build: BazelBuildFile

  init() throws {
    files = try RepositoryFiles.locate()
    manifest = try PackageManifest(parsing: try files.read("Package.swift"))
    build = try BazelBuildFile(parsing: try files.read("BUILD.bazel"))
  }

  @Test func everySwiftPMTargetHasTheSameBazelRule() {
    #expect(!manifest.targets.isEmpty, "read no targets from Package.swift")
    for drift in BuildConsistency.drifts(manifest: manifest, build: build) {
      Issue.record("\(drift)")
    }
  }

  @Test func everyBazelRuleHasASwiftPMTarget() {
    let targetNames = Set(manifest.targets.map(\.name))
    for rule in build.rules {
      #expect(targetNames.contains(rule.moduleName), "\(rule.label) (module \(rule.moduleName)) is not in Package.swift")
    }
    #expect(build.rules.count == manifest.targets.count, "BUILD.bazel has \(build.rules.count) Swift rules, Package.swift \(manifest.targets.count) targets")
  }

  /// A glob that matches nothing builds an empty module under Bazel, where
  /// SwiftPM would stop with an error, so each folder must really hold code.
  /// Under `bazel test` only the build files are in the runfiles, and Bazel 8
  /// rejects an empty glob by itself.
  @Test(.disabled(if: ProcessInfo.processInfo.environment["TEST_SRCDIR"] != nil, "sources are not runfiles under bazel test"))
  func everyTargetFolderHoldsSwiftSources() {
    for target in manifest.targets {
      #expect(
        !files.swiftFiles(under: target.path).isEmpty,
        "\(target.name): no Swift files under \(target.path)/, so its Bazel glob would be empty")
    }
  }

  /// SwiftPM leaves out what `exclude:` names; Bazel's `**/*.swift` glob
  /// would still compile any Swift file there.
  @Test(.disabled(if: ProcessInfo.processInfo.environment["TEST_SRCDIR"] != nil, "sources are not runfiles under bazel test"))
  func excludedPathsHoldNoSwiftSources() {
    for target in manifest.targets {
      for excluded in target.exclude {
        #expect(
          files.swiftFiles(under: target.path + "/" + excluded).isEmpty,
          "\(target.name) excludes \(excluded), which holds Swift files that BUILD.bazel's glob compiles")
      }
    }
  }

  @Test func usersNameTheSameTargetsInBothBuilds() throws {
    let listDiffUI = try #require(build.rules.first { $0.name == "ListDiffUI" }, "BUILD.bazel has no //:ListDiffUI")
    #expect(listDiffUI.kind == "swift_library")
    #expect(BuildConsistency.isPublic(listDiffUI))
    for product in manifest.products {
      #expect(build.rules.contains { $0.name == product.name }, "product \(product.name) has no rule of that name")
    }
  }

  @Test func bzlmodAndWorkspaceUsersGetTheSameRulesSwift() throws {
    let setup = try BazelSetup(
      module: try files.read("MODULE.bazel"), workspace: try files.read("WORKSPACE"),
      repositories: try files.read("repositories.bzl"), build: try files.read("BUILD.bazel"))
    #expect(setup.moduleName == "listdiffui")
    #expect(setup.buildRulesRepository == "build_bazel_rules_swift")
    for drift in setup.drifts() {
      Issue.record("\(drift)")
    }
  }
}

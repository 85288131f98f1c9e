import Foundation
import Testing

/// The repository's two builds: Package.swift as SwiftPM reads it, and the
/// Bazel files as text. Read once; each test works on a copy.
struct Project {
  var manifest: Manifest
  var build, module, workspace, repositories: String

  static let repository: Result<Project, any Error> = Result {
    let files = try RepositoryFiles.locate()
    return Project(
      manifest: try Manifest.load(packageSwift: files.root.appendingPathComponent("Package.swift")),
      build: try files.read("BUILD.bazel"), module: try files.read("MODULE.bazel"),
      workspace: try files.read("WORKSPACE"), repositories: try files.read("repositories.bzl"))
  }

  func drifts() throws -> [BuildDrift] {
    BuildConsistency.drifts(manifest: manifest, build: try BazelBuild(build))
      + (try BuildConsistency.setupDrifts(
        module: module, workspace: workspace, repositories: repositories, build: build))
  }
}

/// Whether `bazel test` runs this, with only the build files in the runfiles.
let underBazel = ProcessInfo.processInfo.environment["TEST_SRCDIR"] != nil

/// Checks that BUILD.bazel and the other Bazel files declare what
/// Package.swift declares. They only read files: no Bazel is needed.
@Suite struct BuildConsistencyTests {
  @Test func theBazelBuildMirrorsPackageSwift() throws {
    let project = try Project.repository.get()
    #expect(project.manifest.targets.count >= 5, "dump-package gave \(project.manifest.targets.map(\.name))")
    #expect(try BazelBuild(project.build).rules.count == project.manifest.targets.count)
    for drift in try project.drifts() { Issue.record("\(drift)") }
  }

  /// Every kind of drift, made wherever it fits in the real files, is
  /// reported against what drifted; so a passing check above means something.
  @Test(arguments: Mutation.allCases)
  func everyDriftIsReported(_ mutation: Mutation) throws {
    let variants = try mutation.variants(of: try Project.repository.get())
    #expect(!variants.isEmpty, "\(mutation) fits nowhere in this repository: the test has gone stale")
    for (subject, mutated) in variants {
      let drifts = try mutated.drifts()
      #expect(drifts.contains { $0.subject == subject }, "\(mutation) of \(subject) went unreported: \(drifts)")
    }
  }

  /// SwiftPM leaves out what `exclude:` names; Bazel's `**/*.swift` glob
  /// would still compile any Swift file there.
  @Test(.disabled(if: underBazel, "sources are not runfiles under bazel test"))
  func excludedPathsHoldNoSwiftSources() throws {
    let files = try RepositoryFiles.locate()
    for target in try Project.repository.get().manifest.targets {
      for excluded in target.exclude {
        #expect(
          files.swiftFiles(under: target.folder + "/" + excluded).isEmpty,
          "\(target.name) excludes \(excluded), which holds Swift files that BUILD.bazel's glob compiles")
      }
    }
  }

  /// A glob that matches nothing builds an empty module under Bazel, where
  /// SwiftPM stops with an error. Under `bazel test` the sources are not in
  /// the runfiles, and Bazel 8 rejects an empty glob by itself.
  @Test(.disabled(if: underBazel, "sources are not runfiles under bazel test"))
  func everyTargetFolderHoldsSwiftSources() throws {
    let files = try RepositoryFiles.locate()
    for target in try Project.repository.get().manifest.targets {
      #expect(!files.swiftFiles(under: target.folder).isEmpty, "\(target.name): no Swift files under \(target.folder)/")
    }
  }
}

// swift-tools-version:6.2
//
// ListDiffUI for Swift: IGListKit's diff, a headless UICollectionView and
// ListDiffUI's MVVMC layer, for every platform Swift runs on.
//
// The package has no dependencies. Keep BUILD.bazel in step with the targets
// below: Tests/BuildConsistencyTests checks that the two builds agree.

import PackageDescription

let package = Package(
  name: "ListDiffUI",
  products: [
    .library(name: "ListDiff", targets: ["ListDiff"]),
    .library(name: "HeadlessCollection", targets: ["HeadlessCollection"]),
    .library(name: "ListDiffUI", targets: ["ListDiffUI"]),
    .library(name: "ListDiffUITesting", targets: ["ListDiffUITesting"]),
    .executable(name: "todo", targets: ["ToDoApp"]),
    .executable(name: "listdiff-bench", targets: ["ListDiffBench"]),
  ],
  targets: [
    // The diff engine. Imports nothing but the standard library.
    .target(name: "ListDiff"),
    // A UICollectionView-shaped collection with a flow layout and no screen.
    .target(name: "HeadlessCollection"),
    // View models, cell controllers, sections and the diffing data source.
    .target(name: "ListDiffUI", dependencies: ["ListDiff", "HeadlessCollection"]),
    // Test support: a list screen harness, text snapshots, lifecycle recording.
    // Imports the toolchain's Testing module, which is not a package dependency.
    .target(name: "ListDiffUITesting", dependencies: ["ListDiffUI"]),

    // The terminal to-do sample: a library the tests reach, and its executable.
    .target(name: "ToDoCore", dependencies: ["ListDiffUI", "HeadlessCollection"], path: "SampleApps/ToDo/ToDoCore"),
    .executableTarget(name: "ToDoApp", dependencies: ["ToDoCore"], path: "SampleApps/ToDo/ToDoApp"),

    .executableTarget(
      name: "ListDiffBench",
      dependencies: ["ListDiff", "HeadlessCollection", "ListDiffUI", "TestSupport"],
      path: "Benchmarks"),

    // The seeded random generator every test target and the benchmark share,
    // so a printed seed replays the same data everywhere. Not a product.
    .target(name: "TestSupport", path: "Tests/TestSupport"),

    .testTarget(name: "ListDiffTests", dependencies: ["ListDiff", "TestSupport"]),
    .testTarget(name: "HeadlessCollectionTests", dependencies: ["HeadlessCollection", "TestSupport"]),
    .testTarget(
      name: "ListDiffUITests",
      dependencies: ["ListDiffUI", "ListDiffUITesting", "ListDiff", "HeadlessCollection", "TestSupport"],
      exclude: ["__Snapshots__"]),
    // Text snapshots are data the tests read, not sources or resources.
    .testTarget(
      name: "ListDiffUITestingTests",
      dependencies: ["ListDiffUITesting", "ListDiffUI", "ListDiff", "HeadlessCollection", "TestSupport"],
      exclude: ["__Snapshots__"]),
    .testTarget(name: "ToDoTests", dependencies: ["ToDoCore", "ToDoApp", "ListDiffUI", "TestSupport"]),
    // Reads Package.swift and BUILD.bazel and checks the two builds agree.
    .testTarget(name: "BuildConsistencyTests", dependencies: ["TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

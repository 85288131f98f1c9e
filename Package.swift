// swift-tools-version:6.2
//
// ListDiffUI for Swift: IGListKit's diff, a headless UICollectionView and
// ListDiffUI's MVVMC layer, for every platform Swift runs on.
//
// The package has no dependencies. Keep BUILD.bazel in step with the targets
// below: Tests/BuildConsistencyTests checks that the two builds agree.

import PackageDescription

// `.ci/run` builds the tests a second time with LISTDIFFUI_OPTIMIZE_LIBRARIES
// set, and with -DLISTDIFFUI_INTERNAL_CHECKS: every target but the test
// targets is then optimized (-O), so that the suite exercises the checks in
// optimized code. Only those: Swift Testing's @Suite and @Test expansions do
// not compile under -O with Swift 6.3.1 on Linux ("'@const' value should be
// initialized with a compile-time value"). Unset, as it is for every package
// that depends on this one, nothing changes.
let optimizedTargetSettings: [SwiftSetting] =
  Context.environment["LISTDIFFUI_OPTIMIZE_LIBRARIES"] == nil ? [] : [.unsafeFlags(["-O"])]

let package = Package(
  name: "ListDiffUI",
  // The oldest Apple systems the code can run on, and why:
  // - Swift concurrency (async/await, Task, AsyncStream, @MainActor, the
  //   actor runtime that `@concurrent` functions use) back-deploys to exactly
  //   macOS 10.15, iOS 13, tvOS 13, watchOS 6 (Mac Catalyst 13, visionOS 1),
  //   and so does `isolated deinit` on a @MainActor class (on any other
  //   actor it would need macOS 15.4 / iOS 18.4);
  // - Swift Testing, which the tests and ListDiffUITesting import, runs
  //   from the same versions, but its `.timeLimit` trait — which every async
  //   test here carries, so that a lost completion fails instead of hanging —
  //   needs macOS 13 / iOS 16 / tvOS 16 / watchOS 9, and a suite carrying it
  //   cannot be marked `@available`. The floor is therefore that one, for the
  //   libraries too (SwiftPM has one deployment target per package);
  // - nothing else the targets use needs newer: no Regex (13), Observation
  //   (14), Mutex or Atomic (15), and no `AsyncSequence<Element, Failure>`
  //   spelling, whose `Failure` needs macOS 15 / iOS 18 (the to-do sample
  //   takes an `AsyncStream` for that reason).
  // Linux and other platforms have no minimum here.
  platforms: [
    .macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16), .visionOS(.v1),
  ],
  products: [
    .library(name: "ListDiff", targets: ["ListDiff"]),
    .library(name: "HeadlessCollection", targets: ["HeadlessCollection"]),
    .library(name: "ListDiffUI", targets: ["ListDiffUI"]),
    .library(name: "ListDiffUITesting", targets: ["ListDiffUITesting"]),
    .library(name: "ListDiffUITerminal", targets: ["ListDiffUITerminal"]),
    .executable(name: "todo", targets: ["ToDoApp"]),
    .executable(name: "files", targets: ["FilesApp"]),
    .executable(name: "listdiff-bench", targets: ["ListDiffBench"]),
  ],
  targets: [
    // The diff engine. Imports nothing but the standard library.
    .target(name: "ListDiff", swiftSettings: optimizedTargetSettings),
    // A UICollectionView-shaped collection with a flow layout and no screen.
    .target(name: "HeadlessCollection", swiftSettings: optimizedTargetSettings),
    // View models, cell controllers, sections and the diffing data source.
    .target(
      name: "ListDiffUI", dependencies: ["ListDiff", "HeadlessCollection"], swiftSettings: optimizedTargetSettings),
    // Test support: a list screen harness, text snapshots, lifecycle recording.
    // Imports the toolchain's Testing module, which is not a package dependency.
    .target(name: "ListDiffUITesting", dependencies: ["ListDiffUI"], swiftSettings: optimizedTargetSettings),
    // A collection view on a real terminal: raw mode, keys, mouse, resize,
    // a line editor. Uses the C library (Glibc, Darwin), no package.
    .target(
      name: "ListDiffUITerminal", dependencies: ["ListDiffUI", "HeadlessCollection"],
      swiftSettings: optimizedTargetSettings),

    // The terminal to-do sample: a library the tests reach, and its executable.
    .target(
      name: "ToDoCore", dependencies: ["ListDiffUI", "HeadlessCollection", "ListDiffUITerminal"],
      path: "SampleApps/ToDo/ToDoCore", swiftSettings: optimizedTargetSettings),
    .executableTarget(
      name: "ToDoApp", dependencies: ["ToDoCore"], path: "SampleApps/ToDo/ToDoApp",
      swiftSettings: optimizedTargetSettings),

    // The terminal file tree sample: a library its tests reach, and `files`.
    .target(
      name: "FilesCore", dependencies: ["ListDiffUI", "HeadlessCollection", "ListDiffUITerminal"],
      path: "SampleApps/Files/FilesCore", swiftSettings: optimizedTargetSettings),
    .executableTarget(
      name: "FilesApp", dependencies: ["FilesCore", "ListDiffUITerminal"], path: "SampleApps/Files/FilesApp",
      swiftSettings: optimizedTargetSettings),

    // The program of the article "Your first terminal list", which the
    // library's pseudo-terminal tests run. Not a product.
    .executableTarget(
      name: "FirstTerminalList", dependencies: ["ListDiffUI", "ListDiffUITerminal"],
      path: "SampleApps/FirstTerminalList", swiftSettings: optimizedTargetSettings),

    .executableTarget(
      name: "ListDiffBench",
      dependencies: ["ListDiff", "HeadlessCollection", "ListDiffUI", "TestSupport"],
      path: "Benchmarks", swiftSettings: optimizedTargetSettings),

    // The seeded random generator every test target and the benchmark share,
    // so a printed seed replays the same data everywhere. Not a product.
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: optimizedTargetSettings),
    // Runs a built executable in a pseudo-terminal and reads its screen back
    // through a VT100 interpreter: the terminal tests of the library and the
    // samples share it. Not a product.
    .target(
      name: "TerminalTestSupport", dependencies: ["ListDiffUITerminal"], path: "Tests/TerminalTestSupport",
      swiftSettings: optimizedTargetSettings),

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
      exclude: ["__Snapshots__", "Articles/__Snapshots__"]),
    .testTarget(
      name: "ToDoTests",
      dependencies: [
        "ToDoCore", "ToDoApp", "ListDiffUI", "ListDiffUITesting", "ListDiffUITerminal", "TestSupport",
        "TerminalTestSupport",
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "FilesTests",
      dependencies: [
        "FilesCore", "FilesApp", "ListDiffUI", "ListDiffUITesting", "ListDiffUITerminal", "TestSupport",
        "TerminalTestSupport",
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "ListDiffUITerminalTests",
      dependencies: [
        "ListDiffUITerminal", "ListDiffUI", "HeadlessCollection", "FirstTerminalList", "TestSupport",
        "TerminalTestSupport",
      ]),
    // Compares `swift package dump-package` with BUILD.bazel: the two builds agree.
    .testTarget(name: "BuildConsistencyTests"),
  ],
  swiftLanguageModes: [.v6]
)

import Foundation
import HeadlessCollection
import ListDiffUI
import TestSupport
import Testing

/// The model-based re-entrancy test of issues 9 and 20: random steps (roots
/// with nested pinned headers, scrolls, drags, drags to reorder, taps, state
/// changes, resizes, working-range sizes) while callbacks of every kind set
/// roots of their own; every callback checked against the lifecycle grammar,
/// completions checked for order, and the screen checked against the last
/// root once everything is applied. The seed of a failing case is printed
/// with its last events.
// Serialized, and yielding the main actor every few steps: a hundred thousand
// steps of main-actor work would otherwise crowd out the other tests of the
// process and their time limits.
@Suite("Re-entrancy: roots set from every callback, a model-based random test", .serialized)
@MainActor
struct ReentrancyModelTests {
  nonisolated static let synchronousSeeds: [UInt64] = (0..<7).map { 0x5EE_D000 + $0 }
  static let synchronousSteps = 11_500
  nonisolated static let asynchronousSeeds: [UInt64] = (0..<4).map { 0xA5_D000 + $0 }
  static let asynchronousSteps = 5_000

  @Test(
    "synchronous: every callback keeps the grammar, completions in order, the last root shown",
    // Long, and on the main actor that the whole suite's screens share.
    .timeLimit(.minutes(20)), arguments: synchronousSeeds)
  func synchronous(seed: UInt64) async {
    let model = ReentrancyModel(seed: seed, applyUpdatesAsync: false)
    await model.runSynchronousSteps(Self.synchronousSteps)
    #expect(model.violations.isEmpty, Comment(rawValue: model.failureReport))
    #expect(model.step == Self.synchronousSteps)
    // The random steps really did set roots from callbacks, drag items,
    // send working-range hooks, pin headers, carry moves in roots.
    #expect(model.reentrantRoots > Self.synchronousSteps / 10, "seed \(seed)")
    model.expectFeaturesExercised(steps: Self.synchronousSteps)
  }

  @Test(
    "asynchronous: every callback keeps the grammar, completions in order, the last root shown",
    .timeLimit(.minutes(20)), arguments: asynchronousSeeds)
  func asynchronous(seed: UInt64) async {
    let model = ReentrancyModel(seed: seed, applyUpdatesAsync: true)
    while model.step < Self.asynchronousSteps {
      // Some steps run while roots are still being prepared.
      for _ in 0..<min(model.randomBurst(), Self.asynchronousSteps - model.step) {
        model.runStep()
        await Task.yield()
      }
      await model.settle()
      model.collectionView.layoutIfNeeded()
      model.checkSettled("after waiting")
      model.checkScreen()
      if !model.violations.isEmpty { break }
    }
    #expect(model.violations.isEmpty, Comment(rawValue: model.failureReport))
    #expect(model.step == Self.asynchronousSteps)
    #expect(model.reentrantRoots > Self.asynchronousSteps / 10, "seed \(seed)")
    model.expectFeaturesExercised(
      steps: Self.asynchronousSteps, pinnedHeaders: false, carryingRoots: false)
  }
}

import Foundation
import HeadlessCollection
import ListDiffUI
import Testing

// Defects the re-entrancy model found in the restructured data source, each
// reduced to a few steps; each failed before its fix.

@Suite("Issue 9: defects found by the re-entrancy model")
@MainActor
struct Issue9FailingTests {
  private static let letters = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]

  private func scriptedModel() -> ReentrancyModel {
    let model = ReentrancyModel(reentryOdds: 0, knownDefects: [])
    model.script = { _, _ in }
    return model
  }

  @Test("a root set from scrollViewDidScroll waits for the scroll's layout; no controller leaks")
  func rootFromScrollViewDidScroll() {
    let model = scriptedModel()
    model.setRoot(.items(Self.letters), from: "test")
    model.collectionView.layoutIfNeeded()
    var fired = false
    model.script = { [unowned model] source, _ in
      guard source == "scrollViewDidScroll", !fired else { return }
      fired = true
      model.setRoot(.items(["a"]), from: "scrollViewDidScroll")
    }
    model.collectionView.setContentOffset(CGPoint(x: 0, y: 50), animated: false)
    model.collectionView.layoutIfNeeded()
    #expect(fired)
    // The root waits for the layout of the new offset (part of the scroll
    // that called back), so f is shown there; then the root deletes it, and
    // its controller is unmounted and let go like any deleted item's.
    #expect(
      model.events(of: "f") == [
        "configureCell", "cellDidLayoutSubviews", "didMount", "didAppear", "didFullyAppear",
        "willPartiallyDisappear", "willDisappear", "willUnmount",
      ], "f: \(model.events(of: "f"))")
    #expect(model.dataSource.inspection.cellControllerCount <= model.dataSource.itemCount)
    model.checkSettled("at the end")
    model.checkScreen()
    #expect(model.violations.isEmpty, Comment(rawValue: model.failureReport))
  }

  @Test("updateState outside callbacks; a root set from the configureCell it causes waits for cellDidLayoutSubviews")
  func rootFromConfigureCellOfStateChange() {
    let model = scriptedModel()
    model.setRoot(.items(["a", "b"]), from: "test")
    model.collectionView.layoutIfNeeded()
    let mounting = model.events(of: "a").count
    var fired = false
    model.script = { [unowned model] source, controller in
      guard source == "configureCell", controller?.identifier == "a", !fired else { return }
      fired = true
      model.setRoot(.items(["b"]), from: "a:configureCell")
    }
    let a = model.dataSource.cellController(forIdentifier: "a") as? any ReentrantControlling
    a?.setState(ItemState(note: "n"))
    model.collectionView.layoutIfNeeded()
    #expect(fired)
    #expect(
      Array(model.events(of: "a").dropFirst(mounting)) == [
        "configureCell", "cellDidLayoutSubviews", "willPartiallyDisappear", "willDisappear", "willUnmount",
      ])
    model.checkSettled("at the end")
    model.checkScreen()
    #expect(model.violations.isEmpty, Comment(rawValue: model.failureReport))
  }

  @Test("an updated item pushed out of view by the same root: cellDidLayoutSubviews right after configureCell")
  func updatedItemLeavingTheViewport() {
    let model = scriptedModel()
    model.collectionView.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
    model.setRoot(.items(["a", "b"]), from: "test")
    model.collectionView.layoutIfNeeded()
    let mounting = model.events(of: "a").count
    model.setRoot(.items(["c", "d", "a"], value: 1), from: "test")
    model.collectionView.layoutIfNeeded()
    let after = Array(model.events(of: "a").dropFirst(mounting))
    #expect(after.starts(with: ["didUpdateViewModel", "configureCell", "cellDidLayoutSubviews"]), "a: \(after)")
    model.checkScreen()
    #expect(model.violations.isEmpty, Comment(rawValue: model.failureReport))
  }
}

@Suite("Issue 9: the re-entrancy model with no defect steered around (failing)")
@MainActor
struct Issue9FailingModelTests {
  @Test("synchronous, nothing avoided or tolerated", .timeLimit(.minutes(20)), arguments: [UInt64(0x5EE_D000), 0x5EE_D001])
  func synchronous(seed: UInt64) async {
    let model = ReentrancyModel(seed: seed, applyUpdatesAsync: false, knownDefects: [])
    await model.runSynchronousSteps(2_000)
    #expect(model.violations.isEmpty, Comment(rawValue: model.failureReport))
  }
}

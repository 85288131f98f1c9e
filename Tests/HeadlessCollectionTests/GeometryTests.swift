import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// No float a client can give crashes the collection: every value is checked
/// where it enters, replaced by a safe one and reported.
@MainActor
@Suite struct GeometryTests {
  /// A delegate and data source whose sizes, insets and spacings are
  /// whatever the test says, recording what the collection reports.
  final class WeirdModel: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    var count: Int
    var size: (IndexPath) -> CGSize = { _ in CGSize(width: 4, height: 1) }
    var inset = EdgeInsets.zero
    var lineSpacing: CGFloat = 0
    var interitemSpacing: CGFloat = 0
    var duringSize: ((IndexPath) -> Void)?
    init(count: Int) { self.count = count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      -> CollectionViewCell
    {
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath) as! LabelCell
      cell.label = "item \(indexPath.item)\nline two"
      return cell
    }
    func collectionView(
      _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
      sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
      duringSize?(indexPath)
      return size(indexPath)
    }
    func collectionView(
      _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
      insetForSectionAt section: Int
    ) -> EdgeInsets { inset }
    func collectionView(
      _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
      minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat { lineSpacing }
    func collectionView(
      _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
      minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat { interitemSpacing }
  }

  func make(_ model: WeirdModel, width: CGFloat = 10, height: CGFloat = 5) -> (CollectionView, Box) {
    let issues = Box()
    let collection = CollectionView(
      frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: CollectionViewFlowLayout())
    collection.invalidGeometryHandler = { issues.values.append($0) }
    collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    collection.dataSource = model
    collection.delegate = model
    collection.reloadData()
    return (collection, issues)
  }

  final class Box { var values: [GeometryIssue] = [] }

  /// Everything the collection says about its geometry is finite.
  func expectFinite(_ collection: CollectionView, _ comment: @autoclosure () -> String = "") {
    func finite(_ rect: CGRect) -> Bool {
      [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].allSatisfy(\.isFinite)
    }
    let size = collection.contentSize
    #expect(size.width.isFinite && size.height.isFinite, "\(comment())")
    #expect(collection.contentOffset.x.isFinite && collection.contentOffset.y.isFinite, "\(comment())")
    #expect(finite(collection.bounds), "\(comment())")
    for section in 0..<collection.numberOfSections {
      for item in 0..<collection.numberOfItems(inSection: section) {
        let frame = collection.layoutAttributesForItem(at: ip(item, section))?.frame ?? .null
        if !finite(frame) {
          Issue.record("item \(item): \(frame) \(comment())")
          return
        }
      }
    }
    #expect(collection.visibleCells.allSatisfy { finite($0.frame) }, "\(comment())")
  }

  @Test func renderingNeverTrapsOnBadFramesOrSizes() {
    let model = WeirdModel(count: 3)
    let (collection, issues) = make(model)
    for value in [CGFloat.nan, .infinity, -.infinity, 9.3e18, 1e300, -5] {
      collection.frame = CGRect(x: value, y: 0, width: value, height: 3)
      _ = collection.renderText()
      model.size = { _ in CGSize(width: value, height: value) }
      collection.invalidateLayout()
      _ = collection.renderText()
      expectFinite(collection, "\(value)")
    }
    #expect(!issues.values.isEmpty)
    let first = issues.values[0]
    #expect(first.location == "CollectionView.frame")
    #expect(first.given.contains("nan"))
    #expect(first.used == "\(CGRect(x: 0, y: 0, width: 0, height: 3))")
    #expect(first.description.hasPrefix("invalid geometry in CollectionView.frame: given "))
    #expect(
      issues.values.contains { $0.location == "collectionView(_:layout:sizeForItemAt:) for [0, 0]" })
  }

  @Test func hugeSizesAreCappedAndTheTextIsClipped() {
    let model = WeirdModel(count: 2)
    model.size = { _ in CGSize(width: 1e300, height: .infinity) }
    let (collection, issues) = make(model)
    let frame = collection.layoutAttributesForItem(at: ip(0))!.frame
    #expect(frame.size == CGSize(width: GeometryIssue.limit, height: GeometryIssue.limit))
    collection.frame.size = CGSize(width: 5_000, height: 3)
    let text = collection.renderText()
    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).map(\.count) == [1_024, 1_024, 1_024])
    #expect(issues.values.contains { $0.location == "CollectionView.renderText() viewport" })
  }

  @Test func aNaNContentInsetDoesNotStopScrolling() {
    let model = WeirdModel(count: 50)
    let (collection, issues) = make(model)
    collection.contentInset = EdgeInsets(top: .nan, left: 0, bottom: .infinity, right: -.infinity)
    #expect(collection.contentInset == EdgeInsets(top: 0, left: 0, bottom: 1e9, right: -1e9))
    collection.setContentOffset(CGPoint(x: 0, y: 20), animated: true)
    collection.drag(by: CGPoint(x: 0, y: 5), velocity: CGPoint(x: 0, y: 100))
    collection.scrollToItem(at: ip(40), at: .bottom, animated: false)
    expectFinite(collection)
    #expect(issues.values.first?.location == "CollectionView.contentInset")
  }

  @Test func nonFiniteOffsetsKeepTheCurrentOffset() {
    let model = WeirdModel(count: 50)
    let (collection, issues) = make(model)
    collection.contentOffset = CGPoint(x: 0, y: 7)
    collection.contentOffset = CGPoint(x: CGFloat.nan, y: .infinity)
    #expect(collection.contentOffset == CGPoint(x: 0, y: 7))
    collection.bounds = CGRect(x: 0, y: CGFloat.nan, width: 10, height: 4)
    #expect(collection.bounds == CGRect(x: 0, y: 7, width: 10, height: 4))
    #expect(issues.values.count == 2)
    #expect(issues.values.allSatisfy { $0.location == "CollectionView.setContentOffset(_:animated:)" })
  }

  @Test func aBatchFromASizeRequestIsRefusedWithoutRunningItsUpdates() {
    let model = WeirdModel(count: 3)
    var errors: [BatchUpdateError] = []
    var updatesRan = false
    var collectionRef: CollectionView?
    model.duringSize = { _ in
      guard let collection = collectionRef else { return }
      do throws(BatchUpdateError) {
        try collection.performBatchUpdates {
          updatesRan = true
          model.count += 1
          collection.insertItems(at: [ip(0)])
        }
      } catch { errors.append(error) }
    }
    let (collection, _) = make(model)
    collectionRef = collection
    collection.reloadData()
    #expect(errors.count == 3)
    #expect(errors.allSatisfy { $0 == .batchDuringSizing })
    #expect(!updatesRan)
    #expect(collection.numberOfItems(inSection: 0) == 3)
    #expect(
      errors.first?.description
        == "attempt to perform batch updates while the collection view asks its delegate for item sizes "
        + "or section metrics (collectionView(_:layout:sizeForItemAt:) and the like); perform them after "
        + "that call returns")

    // Unbatched changes from a size request reach the update handler.
    var handled: [BatchUpdateError] = []
    collection.invalidUpdateHandler = { handled.append($0) }
    model.duringSize = { _ in collectionRef?.deleteItems(at: [ip(0)]) }
    collection.invalidateLayout()
    #expect(handled.count == 3 && handled.allSatisfy { $0 == .batchDuringSizing })
    expectFinite(collection)
  }

  /// The values that break layouts: specials, extremes and ordinary ones.
  static func weird(using generator: inout SeededGenerator) -> CGFloat {
    let specials: [CGFloat] = [
      .nan, .infinity, -.infinity, 1e300, -1e300, -0.0, 0, 9.3e18, -9.3e18, .greatestFiniteMagnitude,
      .leastNonzeroMagnitude, 1e9, 1e9 + 1, -1,
    ]
    if Int.random(in: 0..<3, using: &generator) == 0 { return specials.randomElement(using: &generator)! }
    return CGFloat(Int.random(in: -3...12, using: &generator))
  }

  /// 120 seeds of eight random steps, each setting up to eight weird
  /// values (thousands in all) or rendering, scrolling, dragging or batching.
  @Test func randomGeometryNeverCrashesAndStaysFinite() throws {
    for seed in UInt64(0)..<120 {
      var generator = SeededGenerator(seed: seed)
      func value() -> CGFloat { Self.weird(using: &generator) }
      let model = WeirdModel(count: Int.random(in: 0...12, using: &generator))
      let (collection, _) = make(model)
      var sizes: [CGSize] = (0..<40).map { _ in CGSize(width: value(), height: value()) }
      model.size = { sizes[$0.item % sizes.count] }
      let layout = collection.collectionViewLayout
      for step in 0..<8 {
        switch Int.random(in: 0..<17, using: &generator) {
        case 0: collection.frame = CGRect(x: value(), y: value(), width: value(), height: value())
        case 1: collection.bounds = CGRect(x: value(), y: value(), width: value(), height: value())
        case 2: collection.contentOffset = CGPoint(x: value(), y: value())
        case 3: collection.setContentOffset(CGPoint(x: value(), y: value()), animated: true)
        case 4: collection.contentInset = EdgeInsets(top: value(), left: value(), bottom: value(), right: value())
        case 5: layout.sectionInset = EdgeInsets(top: value(), left: value(), bottom: value(), right: value())
        case 6: layout.minimumLineSpacing = value()
        case 7: layout.minimumInteritemSpacing = value()
        case 8:
          layout.itemSize = CGSize(width: value(), height: value())
          collection.delegate = nil
        case 9:
          model.inset = EdgeInsets(top: value(), left: value(), bottom: value(), right: value())
          model.lineSpacing = value()
          model.interitemSpacing = value()
          collection.delegate = model
        case 10:
          sizes = (0..<40).map { _ in CGSize(width: value(), height: value()) }
          collection.invalidateLayout()
        case 11:
          collection.drag(by: CGPoint(x: value(), y: value()), velocity: CGPoint(x: value(), y: value()))
        case 12:
          if model.count > 0 {
            collection.scrollToItem(
              at: ip(Int.random(in: 0..<model.count, using: &generator)), at: .centeredVertically,
              animated: Bool.random(using: &generator))
          }
        case 13:
          try collection.performBatchUpdates {
            model.count += 1
            collection.insertItems(at: [ip(Int.random(in: 0..<model.count, using: &generator))])
            sizes[Int.random(in: 0..<sizes.count, using: &generator)] = CGSize(width: value(), height: value())
          }
        case 14: collection.reloadData()
        case 15: layout.estimatedItemSize = CGSize(width: value(), height: value())
        default:
          _ = collection.renderText()
        }
        expectFinite(collection, "seed \(seed) step \(step)")
      }
      _ = collection.renderText()
    }
  }
}

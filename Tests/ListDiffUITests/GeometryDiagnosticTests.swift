import Foundation
import ListDiffUI
import TestSupport
import Testing

/// Bad geometry from the app or its controllers never crashes a screen: it
/// is replaced by the collection view and reported as a diagnostic.
@Suite("Bad geometry reaches the diagnostics")
@MainActor
struct GeometryDiagnosticTests {
  @Test("a NaN inset and a huge frame are replaced, reported, and the screen still renders")
  func badCollectionGeometry() {
    let harness = Harness(height: 30)
    harness.dataSource.setRootSection(section(items("a", "b", "c", "d")))
    harness.collectionView.contentInset = EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
    harness.collectionView.frame = CGRect(x: 0, y: 0, width: 20, height: CGFloat.infinity)
    harness.collectionView.layoutIfNeeded()
    let geometry = harness.diagnostics.filter { $0.kind == .invalidGeometry }
    #expect(geometry.count >= 2, "\(harness.diagnostics)")
    #expect(geometry.allSatisfy { $0.severity == .warning && $0.message.contains("invalid geometry") })
    #expect(harness.collectionView.renderText().contains("a=0"))
  }

  @Test("random NaN, infinite and huge values through every setter: no crash, finite layout")
  func randomGeometry() {
    let seed: UInt64 = 0x6E0_0001
    var random = SeededGenerator(seed: seed)
    let values: [CGFloat] = [.nan, .infinity, -.infinity, 1e300, -1e300, -0.0, 0, 3, 17, -5]
    let harness = Harness(height: 30)
    harness.dataSource.setRootSection(section(items((0..<40).map { "i\($0)" })))
    for step in 0..<2_000 {
      let value = values.randomElement(using: &random)!
      switch Int.random(in: 0..<5, using: &random) {
      case 0: harness.collectionView.contentInset.top = value
      case 1: harness.collectionView.frame.size.height = value
      case 2: harness.collectionView.setContentOffset(CGPoint(x: 0, y: value), animated: false)
      case 3: harness.collectionView.frame.size.width = value
      default:
        harness.collectionView.drag(by: CGPoint(x: 0, y: value), velocity: CGPoint(x: 0, y: value))
      }
      harness.collectionView.layoutIfNeeded()
      let size = harness.collectionView.contentSize
      let offset = harness.collectionView.contentOffset
      guard size.width.isFinite, size.height.isFinite, offset.x.isFinite, offset.y.isFinite else {
        Issue.record("seed \(seed), step \(step): \(size) \(offset)")
        return
      }
      _ = harness.collectionView.renderText()
    }
  }
}

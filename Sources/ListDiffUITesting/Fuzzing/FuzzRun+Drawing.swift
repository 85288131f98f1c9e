import Foundation
import ListDiffUI
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

extension FuzzRun {
  /// The next step, drawn from `random` given what the screen shows now:
  /// a change (half the time when there are gestures too) or a gesture.
  func draw(using random: inout ListFuzzRandom) -> FuzzStep {
    let weights = setup.changes.map(\.weight)
    let totalWeight = weights.reduce(0, +)
    let gestures = setup.drawableGestures
    if totalWeight > 0 && (gestures.isEmpty || random.bool()) {
      var changes = [drawChange(weights, totalWeight, &random)]
      // From a stream, roots sometimes arrive faster than they are shown.
      if setup.applyUpdatesAsync && random.chance(0.25) {
        for _ in 0..<random.int(in: 1...3) { changes.append(drawChange(weights, totalWeight, &random)) }
      }
      return .changes(changes)
    }
    var kinds: [ListFuzzGestures] = [.scroll, .drag, .tap, .resize, .move, .select, .focus, .accessibility]
      .filter(gestures.contains)
    // Only while outline rows, or carousels' rows, are shown: a fuzz
    // without them draws what it always drew.
    if setup.gestures.contains(.expand) && screen.dataSource.inspection.showsOutlineRows { kinds.append(.expand) }
    let carousels = gestures.contains(.carousel) ? visibleCarouselRows() : []
    if !carousels.isEmpty { kinds.append(.carousel) }
    switch random.element(of: kinds) ?? .scroll {
    case .expand: return drawOutlineGesture(&random) ?? drawScroll(&random)
    case .carousel: return drawCarousel(carousels, &random)
    case .drag: return drawDrag(&random)
    case .tap: return drawTap(&random) ?? drawScroll(&random)
    case .select: return drawTap(&random).map(Self.selecting) ?? drawScroll(&random)
    case .focus: return .key(random.element(of: FuzzStep.keyNames)?.key ?? .down)
    case .resize: return drawResize(&random)
    case .move: return drawMove(&random) ?? drawScroll(&random)
    case .accessibility: return drawAccessibility(&random)
    default: return drawScroll(&random)
    }
  }

  private func drawChange(_ weights: [Int], _ totalWeight: Int, _ random: inout ListFuzzRandom) -> FuzzStep.Change {
    var pick = random.int(in: 0..<totalWeight)
    var chosen = 0
    for (index, weight) in weights.enumerated() {
      if pick < weight {
        chosen = index
        break
      }
      pick -= weight
    }
    return FuzzStep.Change(name: setup.changes[chosen].name, seed: UInt64(random.int(in: 0...9_999)))
  }

  private var viewportHeight: Int { max(1, Int(screen.collectionView.bounds.height)) }

  private func drawScroll(_ random: inout ListFuzzRandom) -> FuzzStep {
    let points = random.int(in: 1...2 * viewportHeight)
    return .scroll(random.bool() ? points : -points)
  }

  private func drawDrag(_ random: inout ListFuzzRandom) -> FuzzStep {
    let points = random.int(in: 1...3 * viewportHeight) * (random.bool() ? 1 : -1)
    // A flick now and then: let go with a velocity in the drag's direction.
    let velocity = random.chance(0.3) ? random.int(in: 100...2_000) * points.signum() : 0
    return .drag(points, velocity: velocity)
  }

  private func drawTap(_ random: inout ListFuzzRandom) -> FuzzStep? {
    let visible = screen.collectionView.indexPathsForVisibleItems.map(\.item).sorted()
    guard let index = random.element(of: visible), let identity = screen.dataSource.inspection.itemIdentity(at: index)
    else { return nil }
    // A carousel's or a grid's row: an item in it, when it shows any.
    if setup.drawableGestures.contains(.carousel),
      let tile = random.element(of: screen.dataSource.inspection.visibleNestedItems(atShown: index))
    {
      return .tap(tile)
    }
    return .tap(identity)
  }

  /// An outline gesture on a visible row that has children: it expanded
  /// or collapsed by identity (collapsed when it is expanded), or, a third
  /// of the time, the focus put on it and ← or → pressed (a focus on a row
  /// and a key are two steps: the key goes to the focus wherever it is).
  private func drawOutlineGesture(_ random: inout ListFuzzRandom) -> FuzzStep? {
    let dataSource = screen.dataSource
    if random.chance(0.3), let outlineKey = random.element(of: FuzzStep.arrowKeyNames) {
      return .key(outlineKey.key)
    }
    let visible = screen.collectionView.indexPathsForVisibleItems.map(\.item).sorted()
    let rows = visible.filter { dataSource.inspection.outlineRow(at: $0)?.hasChildren == true }
    guard let index = random.element(of: rows), let row = dataSource.inspection.outlineRow(at: index),
      let identity = dataSource.inspection.itemIdentity(at: index)
    else { return nil }
    return .expand(identity, expand: !row.isExpanded)
  }

  /// The tap `step` as a selection by identity.
  private static func selecting(_ step: FuzzStep) -> FuzzStep {
    guard case .tap(let item) = step else { return step }
    return .select(item)
  }

  /// The carousels' rows on screen, as steps name them.
  private func visibleCarouselRows() -> [ListItemID] {
    let dataSource = screen.dataSource
    return screen.collectionView.indexPathsForVisibleItems.map(\.item).sorted()
      .filter(dataSource.inspection.isCarouselRow(atShown:))
      .compactMap { dataSource.inspection.itemIdentity(at: $0) }
  }

  /// A drag across one of `rows`' carousels, or now and then ← or →
  /// (which move the focus along a focused carousel).
  private func drawCarousel(_ rows: [ListItemID], _ random: inout ListFuzzRandom) -> FuzzStep {
    if random.chance(0.3) { return .key(random.bool() ? .left : .right) }
    let width = max(1, Int(screen.collectionView.bounds.width))
    let points = random.int(in: 1...2 * width) * (random.bool() ? 1 : -1)
    return .carousel(random.element(of: rows) ?? rows[0], by: points)
  }

  private func drawResize(_ random: inout ListFuzzRandom) -> FuzzStep {
    let width = random.int(in: max(1, setup.width / 2)...max(1, setup.width * 3 / 2))
    let height = random.int(in: max(1, setup.height / 2)...max(1, setup.height * 3 / 2))
    return .resize(width: width, height: height)
  }

  /// A drag of an item whose controller lets it move, to a random place in
  /// its section or (when the data source allows it) in another; nil when
  /// a few tries find no item that can move.
  private func drawMove(_ random: inout ListFuzzRandom) -> FuzzStep? {
    let dataSource = screen.dataSource
    guard dataSource.itemCount > 0 else { return nil }
    let identities = dataSource.inspection.itemIdentities
    var sections: [[String]] = []
    var sizes: [[String]: Int] = [:]
    for identity in identities {
      if sizes[identity.sectionPath] == nil { sections.append(identity.sectionPath) }
      sizes[identity.sectionPath, default: 0] += 1
    }
    for _ in 0..<4 {
      let from = random.int(in: 0..<identities.count)
      let identity = identities[from]
      var toSection: [String]? = nil
      var size = (sizes[identity.sectionPath] ?? 1) - 1
      if dataSource.allowsMovingBetweenSections && random.chance(0.3),
        let other = random.element(of: sections), other != identity.sectionPath
      {
        toSection = other
        size = sizes[other] ?? 0
      }
      let toIndex = random.int(in: 0...max(0, size))
      guard DragPlan(dataSource, forItemAt: from, toIndex: toIndex, inSection: toSection) != nil else { continue }
      return .move(identity, toIndex: toIndex, toSection: toSection)
    }
    return nil
  }
}

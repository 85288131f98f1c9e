import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// Sections of sized items, each section with a name that follows it
/// through batches: its header reads "H<name>", its footer "F<name>", and
/// their lengths are drawn per name (zero for none). Checks that display
/// callbacks of headers and footers pair up.
@MainActor
final class HeaderedSizedModel: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var sections: [[Int]]
  var names: [Int]
  var sizes: [Int: CGSize]
  var headerLengths: [Int: CGFloat]
  var footerLengths: [Int: CGFloat]
  var displayed: Set<ObjectIdentifier> = []
  var problems: [String] = []

  init(sections: [[Int]], names: [Int], sizes: [Int: CGSize], headerLengths: [Int: CGFloat], footerLengths: [Int: CGFloat]) {
    self.sections = sections
    self.names = names
    self.sizes = sizes
    self.headerLengths = headerLengths
    self.footerLengths = footerLengths
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath) as! LabelCell
    cell.label = "#\(sections[indexPath.section][indexPath.item])"
    return cell
  }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize { sizes[sections[indexPath.section][indexPath.item]]! }
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> CollectionReusableView {
    let view =
      collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "view", for: indexPath)
      as! LabelView
    view.label = (kind == CollectionView.elementKindSectionHeader ? "H" : "F") + "\(names[indexPath.section])"
    return view
  }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize {
    let length = headerLengths[names[section]]!
    return CGSize(width: length, height: length)
  }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize {
    let length = footerLengths[names[section]]!
    return CGSize(width: length, height: length)
  }
  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {
    if !displayed.insert(ObjectIdentifier(view)).inserted { problems.append("willDisplay twice \(indexPath)") }
  }
  func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {
    if displayed.remove(ObjectIdentifier(view)) == nil { problems.append("didEnd unpaired \(indexPath)") }
  }
}

/// The section-operation fuzz of ``RandomSectionOperationTests`` over a
/// collection with headers and footers (some sections without, pinning on
/// in some seeds): after every batch the headers and footers, what is
/// visible and the drawn text must equal a fresh load's, the views of
/// sections that stay on screen must be the ones they had, and display
/// callbacks must pair.
///
/// The suite runs a CI-sized share (375 seeds of 8 batches: 3,000
/// batches); `HC_SUPPLEMENTARY_FUZZ_BATCHES` runs another number.
@MainActor
@Suite struct RandomSupplementarySectionTests {
  static let batchesPerSeed = 8
  static var batchCount: Int {
    ProcessInfo.processInfo.environment["HC_SUPPLEMENTARY_FUZZ_BATCHES"].flatMap(Int.init) ?? 3_000
  }
  static let kinds = [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter]

  /// What a user can observe of the headers and footers, and the rest.
  struct Observed: Equatable {
    var frames: [CGRect?]
    var visible: [[IndexPath]]
    var items: RandomSectionOperationTests.Observed

    @MainActor init(_ collection: CollectionView) {
      frames = (0..<collection.numberOfSections).flatMap { section in
        kinds.map {
          collection.layoutAttributesForSupplementaryElement(ofKind: $0, at: IndexPath(item: 0, section: section))?
            .frame
        }
      }
      visible = kinds.map { collection.indexPathsForVisibleSupplementaryElements(ofKind: $0) }
      items = RandomSectionOperationTests.Observed(collection)
      (items.cells, items.selected) = ([], [])
    }
  }

  func runSeed(_ seed: UInt64, batches: Int) throws {
    var generator = SeededGenerator(seed: seed)
    let settings = LayoutSettings.random(using: &generator)
    let pinHeaders = Int.random(in: 0..<3, using: &generator) == 0
    let pinFooters = Int.random(in: 0..<3, using: &generator) == 0
    var nextID = 0
    var nextName = 0
    var sizes: [Int: CGSize] = [:]
    var headerLengths: [Int: CGFloat] = [:]
    var footerLengths: [Int: CGFloat] = [:]
    func newName() -> Int {
      defer { nextName += 1 }
      headerLengths[nextName] = Bool.random(using: &generator) ? 0 : CGFloat(Int.random(in: 1...3, using: &generator))
      footerLengths[nextName] = Bool.random(using: &generator) ? 0 : CGFloat(Int.random(in: 1...3, using: &generator))
      return nextName
    }
    let sections = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
      (0..<Int.random(in: 0...10, using: &generator)).map { _ in
        defer { nextID += 1 }
        sizes[nextID] = RandomEdit.randomSize(using: &generator)
        return nextID
      }
    }
    let names = sections.map { _ in newName() }
    func make(_ model: HeaderedSizedModel) -> CollectionView {
      settings.makeCollection(model) { collection in
        for kind in Self.kinds {
          collection.register(LabelView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "view")
        }
        collection.collectionViewLayout.sectionHeadersPinToVisibleBounds = pinHeaders
        collection.collectionViewLayout.sectionFootersPinToVisibleBounds = pinFooters
      }
    }
    let model = HeaderedSizedModel(
      sections: sections, names: names, sizes: sizes, headerLengths: headerLengths, footerLengths: footerLengths)
    let collection = make(model)

    for step in 0..<batches {
      let context = "seed \(seed) batch \(step)"
      settings.scrollSomewhere(collection, using: &generator)
      let old = model.sections
      let viewsBefore = Dictionary(
        uniqueKeysWithValues: Self.kinds.flatMap { kind in
          collection.indexPathsForVisibleSupplementaryElements(ofKind: kind).map {
            ("\(kind) \(model.names[$0.section])",
             ObjectIdentifier(collection.supplementaryView(forElementKind: kind, at: $0)!))
          }
        })

      let batch = SectionBatch.random(old: old, nextID: &nextID, using: &generator)
      for section in batch.new { for id in section where model.sizes[id] == nil { model.sizes[id] = RandomEdit.randomSize(using: &generator) } }
      let newNames = batch.sourceOfNew.map { source in source.map { model.names[$0] } ?? newName() }
      model.headerLengths = headerLengths
      model.footerLengths = footerLengths
      try collection.performBatchUpdates {
        model.sections = batch.new
        model.names = newNames
        batch.announce(to: collection)
      }
      // Views on screen show their sections; a section that stays on screen
      // keeps its views.
      for kind in Self.kinds {
        for path in collection.indexPathsForVisibleSupplementaryElements(ofKind: kind) {
          let view = collection.supplementaryView(forElementKind: kind, at: path) as! LabelView
          let key = "\(kind) \(newNames[path.section])"
          #expect(view.label == (kind == Self.kinds[0] ? "H" : "F") + "\(newNames[path.section])", "\(context)")
          if let before = viewsBefore[key] { #expect(ObjectIdentifier(view) == before, "\(context): \(key) keeps its view") }
        }
      }
      let onScreen = Set(Self.kinds.flatMap { kind in collection.visibleSupplementaryViews(ofKind: kind).map(ObjectIdentifier.init) })
      #expect(model.displayed == onScreen, "\(context): displayed views")
      #expect(model.problems.isEmpty, "\(context): \(model.problems)")

      let freshModel = HeaderedSizedModel(
        sections: batch.new, names: newNames, sizes: model.sizes, headerLengths: headerLengths,
        footerLengths: footerLengths)
      let fresh = make(freshModel)
      fresh.setContentOffset(collection.contentOffset, animated: false)
      #expect(Observed(collection) == Observed(fresh), "\(context): differs from a fresh load")
      withExtendedLifetime(freshModel) {}
    }
  }

  @Test func randomSectionBatchesWithHeadersAndFooters() throws {
    let seeds = (Self.batchCount + Self.batchesPerSeed - 1) / Self.batchesPerSeed
    for seed in 0..<UInt64(seeds) {
      try runSeed(seed, batches: Self.batchesPerSeed)
    }
  }
}

import Foundation
import HeadlessCollection

/// A cell that shows a label and counts what happens to it.
final class LabelCell: CollectionViewCell {
  nonisolated(unsafe) static var instances = 0
  var label = ""
  var reuseCount = 0
  var layoutCount = 0

  required init(frame: CGRect) {
    super.init(frame: frame)
    LabelCell.instances += 1
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    reuseCount += 1
    label = ""
  }

  override func layoutSubviews() {
    layoutCount += 1
  }

  override var textRepresentation: String { label }
}

/// A data source and delegate over an array of labels, with per-item sizes,
/// that records the callbacks it receives.
@MainActor
final class ListModel: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var sections: [[String]]
  var size: (IndexPath) -> CGSize = { _ in CGSize(width: 10, height: 1) }
  var sizeRequests: [IndexPath] = []
  var events: [String] = []
  var recordEvents = false
  var didLayoutCount = 0

  init(_ items: [String]) { sections = [items] }
  init(sections: [[String]]) { self.sections = sections }

  var items: [String] {
    get { sections[0] }
    set { sections[0] = newValue }
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath) as! LabelCell
    cell.label = sections[indexPath.section][indexPath.item]
    if recordEvents { events.append("cell \(cell.label)") }
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    sizeRequests.append(indexPath)
    return size(indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath
  ) {
    if recordEvents { events.append("willDisplay \((cell as! LabelCell).label) \(indexPath.item)") }
  }

  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    if recordEvents { events.append("didEnd \((cell as! LabelCell).label) \(indexPath.item)") }
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    events.append("select \(indexPath.section)-\(indexPath.item)")
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    events.append("deselect \(indexPath.section)-\(indexPath.item)")
  }

  func collectionViewDidLayout(_ collectionView: CollectionView) {
    didLayoutCount += 1
  }

  /// Whether items may be moved by hand, and the moves the data source was
  /// told of (applied to `sections`).
  var movable: (IndexPath) -> Bool = { _ in false }
  var movesTold: [[IndexPath]] = []
  /// Steers interactive movements: proposed -> target.
  var steer: ((IndexPath) -> IndexPath)?

  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    movable(indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    movesTold.append([sourceIndexPath, destinationIndexPath])
    let item = sections[sourceIndexPath.section].remove(at: sourceIndexPath.item)
    sections[destinationIndexPath.section].insert(item, at: destinationIndexPath.item)
  }

  func collectionView(
    _ collectionView: CollectionView,
    targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
    atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath {
    steer?(proposedIndexPath) ?? proposedIndexPath
  }
}

/// A collection of `width` × `height` points showing `model`, loaded.
@MainActor
func makeCollection(
  _ model: ListModel, width: CGFloat = 10, height: CGFloat = 5,
  configure: (CollectionViewFlowLayout) -> Void = { _ in },
  geometryIssues: (@MainActor (GeometryIssue) -> Void)? = nil
) -> CollectionView {
  let layout = CollectionViewFlowLayout()
  layout.minimumLineSpacing = 0
  layout.minimumInteritemSpacing = 0
  configure(layout)
  let collection = CollectionView(
    frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
  // A test that expects bad geometry hears it here instead of standard error.
  collection.invalidGeometryHandler = geometryIssues
  collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
  collection.dataSource = model
  collection.delegate = model
  collection.reloadData()
  return collection
}

extension CollectionView {
  /// The labels of the visible cells, in index path order.
  var visibleLabels: [String] {
    visibleCells.map { ($0 as! LabelCell).label }
  }
}

func ip(_ item: Int, _ section: Int = 0) -> IndexPath {
  IndexPath(item: item, section: section)
}

import Foundation

extension CollectionView {
  /// The element kind of section headers, UIKit's
  /// `UICollectionView.elementKindSectionHeader`:
  /// `"UICollectionElementKindSectionHeader"`. O(1).
  nonisolated public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"

  /// The element kind of section footers, UIKit's
  /// `UICollectionView.elementKindSectionFooter`:
  /// `"UICollectionElementKindSectionFooter"`. O(1).
  nonisolated public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

  /// Registers the class to create supplementary views of `elementKind`
  /// from for `identifier`, replacing an earlier registration. Views of
  /// each kind and identifier are reused through a queue of their own.
  ///
  /// - Complexity: O(1).
  public func register(
    _ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind elementKind: String,
    withReuseIdentifier identifier: String
  ) {
    supplementaries.register(viewClass, kind: elementKind, identifier: identifier)
  }

  /// A view for the supplementary element of `elementKind` at `indexPath`:
  /// one from the queue of `elementKind` and `identifier` (after its
  /// ``CollectionReusableView/prepareForReuse()``), else a new instance of
  /// the registered class. Its frame is the element's frame. Dequeuing a
  /// kind and identifier that were never registered (UIKit's exception) is
  /// reported to ``misuseHandler`` with UIKit's message, and a plain
  /// ``CollectionReusableView`` with that identifier is handed out.
  ///
  /// After ``reloadData()`` the view that showed the element is preferred,
  /// so that a header the data source configures again keeps its view.
  ///
  /// - Complexity: O(*q*) for *q* queued views of the kind and identifier,
  ///   plus the view's initializer or `prepareForReuse`.
  public func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> CollectionReusableView {
    let element = SupplementaryElement(kind: elementKind, indexPath: indexPath)
    let frame: CGRect
    if let arrivingSupplementary = supplementaries.arriving, arrivingSupplementary.element == element {
      frame = arrivingSupplementary.frame
    } else {
      frame = element.flatMap { engine.frame(of: $0, pinning: pinningBounds) } ?? .zero
    }
    return vend(
      supplementaries.dequeue(kind: elementKind, identifier: identifier, for: element),
      orNew: supplementaries.registeredClass(kind: elementKind, identifier: identifier), kind: elementKind,
      identifier: identifier, frame: frame)
  }

  /// The header or footer view of `elementKind` at `indexPath` (the
  /// section, item 0), or nil when it is not on screen.
  ///
  /// - Complexity: O(1) once laid out.
  public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
    -> CollectionReusableView?
  {
    layoutIfNeeded()
    return SupplementaryElement(kind: elementKind, indexPath: indexPath).flatMap { supplementaries.mounted[$0] }
  }

  /// The supplementary views of `elementKind` on screen, by section.
  ///
  /// - Complexity: O(*k* log *k*) for *k* visible headers and footers.
  public func visibleSupplementaryViews(ofKind elementKind: String) -> [CollectionReusableView] {
    layoutIfNeeded()
    return visibleSupplementaryElements(ofKind: elementKind).compactMap { supplementaries.mounted[$0] }
  }

  /// The index paths (section, item 0) of the supplementary elements of
  /// `elementKind` on screen, ascending.
  ///
  /// - Complexity: O(*k* log *k*) for *k* visible headers and footers.
  public func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
    layoutIfNeeded()
    return visibleSupplementaryElements(ofKind: elementKind).map(\.indexPath)
  }

  /// Where the layout puts the supplementary element of `elementKind` at
  /// `indexPath` (the section, item 0) for the current bounds — pinned
  /// headers and footers where they are pinned now — on screen or not; nil
  /// when the section has no such element (its reference size is zero) or
  /// does not exist.
  ///
  /// - Complexity: O(1) once laid out.
  public func layoutAttributesForSupplementaryElement(ofKind elementKind: String, at indexPath: IndexPath)
    -> CollectionViewLayoutAttributes?
  {
    layoutIfNeeded()
    guard let element = SupplementaryElement(kind: elementKind, indexPath: indexPath),
      let frame = engine.frame(of: element, pinning: pinningBounds)
    else { return nil }
    var attributes = CollectionViewLayoutAttributes(indexPath: indexPath, frame: frame)
    attributes.representedElementKind = elementKind
    return attributes
  }

  /// The visible elements of `kind`, ascending.
  private func visibleSupplementaryElements(ofKind kind: String) -> [SupplementaryElement] {
    supplementaries.mounted.keys.filter { $0.kind == kind }.sorted()
  }

  /// The visible range pinned headers and footers stick to: the bounds
  /// inside the content insets along the scroll direction.
  var pinningBounds: PinningBounds {
    let layout = collectionViewLayout
    let bounds = self.bounds
    let vertical = engine.direction == .vertical
    return PinningBounds(
      low: vertical ? bounds.minY + contentInset.top : bounds.minX + contentInset.left,
      high: vertical ? bounds.maxY - contentInset.bottom : bounds.maxX - contentInset.right,
      pinsHeaders: layout.sectionHeadersPinToVisibleBounds,
      pinsFooters: layout.sectionFootersPinToVisibleBounds)
  }
}

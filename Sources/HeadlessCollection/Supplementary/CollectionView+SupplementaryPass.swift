import Foundation

extension CollectionView {
  /// The layout pass's step for headers and footers, after the cells':
  /// views whose elements left the visible bounds get
  /// `didEndDisplayingSupplementaryView` and go to their queue, the data
  /// source is asked a view for each element that arrived, every view gets
  /// its frame (pinned ones move with the bounds) and lays out, and
  /// arrivals get `willDisplaySupplementaryView`, in element order. False
  /// when a callback changed the collection; the next pass goes on.
  ///
  /// - Complexity: O(log *s* + *k*) for *k* visible headers and footers
  ///   (plus *k* log *k* to order the departures): no walk over all
  ///   sections.
  func updateSupplementaryViews(
    delegate: (any CollectionViewDelegateFlowLayout)?, dataSource: (any CollectionViewDataSource)?
  ) -> Bool {
    let wanted =
      position.isOnScreen ? engine.supplementaryElements(intersecting: bounds, pinning: pinningBounds) : []
    // Views of sections a batch removed are queued only after the arrivals
    // are made, so that a reloaded section really gets new views.
    let departing = supplementaries.takeDeparting()
    defer {
      for (view, element, queue) in departing where queue {
        supplementaries.enqueue(view, kind: element.kind, remembering: nil)
      }
    }
    for (view, element, _) in departing.sorted(by: { $0.element < $1.element }) {
      endDisplaying(view, as: element, delegate: delegate)
    }
    guard !invalidation.needsLayout,
      removeLeavingSupplementaries(keeping: Set(wanted.map(\.element)), delegate: delegate),
      let dataSource,
      mountArrivingSupplementaries(wanted, dataSource: dataSource, delegate: delegate)
    else { return !invalidation.needsLayout }
    for (element, frame) in wanted {
      guard let view = supplementaries.mounted[element] else { continue }
      if view.frame != frame { view.frame = frame }
      view.layoutIfNeeded()
      if invalidation.needsLayout { return false }
    }
    for (element, _) in wanted {
      guard let view = supplementaries.mounted[element], !view.isDisplayed else { continue }
      view.isDisplayed = true
      delegate?.collectionView(
        self, willDisplaySupplementaryView: view, forElementKind: element.kind, at: element.indexPath)
      if invalidation.needsLayout { return false }
    }
    return true
  }

  /// Disappearing: unmounts the views of elements not in `kept`, tells the
  /// delegate, and queues them remembering their elements; then ends the
  /// views a reload left waiting for elements no longer on screen.
  private func removeLeavingSupplementaries(
    keeping kept: Set<SupplementaryElement>, delegate: (any CollectionViewDelegateFlowLayout)?
  ) -> Bool {
    let leaving = supplementaries.mounted.keys.filter { !kept.contains($0) }.sorted()
    for element in leaving {
      guard let view = supplementaries.unmount(element) else { continue }
      endDisplaying(view, as: element, delegate: delegate)
      supplementaries.enqueue(view, kind: element.kind, remembering: element)
      if invalidation.needsLayout { return false }
    }
    for element in supplementaries.reloaded.keys.filter({ !kept.contains($0) }).sorted() {
      guard let view = supplementaries.takeReloaded(at: element) else { continue }
      endDisplaying(view, as: element, delegate: delegate)
      if invalidation.needsLayout { return false }
    }
    return true
  }

  /// Arriving: asks the data source a view for each element of `wanted`
  /// without one and mounts it. A view a reload queued that comes back for
  /// its own element stays displayed without callbacks; one that does not
  /// (or goes to another element) ends displaying first.
  private func mountArrivingSupplementaries(
    _ wanted: [(element: SupplementaryElement, frame: CGRect)], dataSource: any CollectionViewDataSource,
    delegate: (any CollectionViewDelegateFlowLayout)?
  ) -> Bool {
    for (element, frame) in wanted where supplementaries.mounted[element] == nil {
      supplementaries.arriving = (element, frame)
      var view = dataSource.collectionView(
        self, viewForSupplementaryElementOfKind: element.kind, at: element.indexPath)
      supplementaries.arriving = nil
      if view.mountedElement != nil || (view as? CollectionViewCell)?.isMounted == true {
        // Taking it would leave another element (or item) without its view.
        view = freshView(
          replacing: view, for: "the \(element.kind) of section \(element.section)", frame: frame)
      }
      if let other = supplementaries.reloadedElement(of: view, other: element) {
        _ = supplementaries.takeReloaded(at: other)
        endDisplaying(view, as: other, delegate: delegate)
      }
      let previous = supplementaries.takeReloaded(at: element)
      if let previous, previous !== view { endDisplaying(previous, as: element, delegate: delegate) }
      if previous !== view { view.isDisplayed = false }
      if view.reuseIdentifier == nil { view.owner = self }
      view.frame = frame
      supplementaries.mount(view, at: element)
      if invalidation.needsLayout { return false }
    }
    return true
  }

  /// Sends `didEndDisplayingSupplementaryView` if `view` is displayed.
  private func endDisplaying(
    _ view: CollectionReusableView, as element: SupplementaryElement,
    delegate: (any CollectionViewDelegateFlowLayout)?
  ) {
    guard view.isDisplayed else { return }
    view.isDisplayed = false
    delegate?.collectionView(
      self, didEndDisplayingSupplementaryView: view, forElementOfKind: element.kind, at: element.indexPath)
  }
}

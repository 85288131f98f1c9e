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
    let wanted = engine.supplementaryElements(intersecting: bounds, pinning: pinningBounds)
    // Views of sections a batch removed are queued only after the arrivals
    // are made, so that a reloaded section really gets new views.
    let departing = departingSupplementaries
    departingSupplementaries = []
    defer {
      for (view, element, queue) in departing where queue {
        supplementaryQueue.enqueue(view, kind: element.kind, remembering: nil)
      }
    }
    for (view, element, _) in departing.sorted(by: { $0.element < $1.element }) {
      endDisplaying(view, as: element, delegate: delegate)
    }
    guard !needsLayout, removeLeavingSupplementaries(keeping: Set(wanted.map(\.element)), delegate: delegate),
      let dataSource,
      mountArrivingSupplementaries(wanted, dataSource: dataSource, delegate: delegate)
    else { return !needsLayout }
    for (element, frame) in wanted {
      guard let view = mountedSupplementaries[element] else { continue }
      if view.frame != frame { view.frame = frame }
      view.layoutIfNeeded()
      if needsLayout { return false }
    }
    for (element, _) in wanted {
      guard let view = mountedSupplementaries[element], !view.isDisplayed else { continue }
      view.isDisplayed = true
      delegate?.collectionView(
        self, willDisplaySupplementaryView: view, forElementKind: element.kind, at: element.indexPath)
      if needsLayout { return false }
    }
    return true
  }

  /// Disappearing: unmounts the views of elements not in `kept`, tells the
  /// delegate, and queues them remembering their elements; then ends the
  /// views a reload left waiting for elements no longer on screen.
  private func removeLeavingSupplementaries(
    keeping kept: Set<SupplementaryElement>, delegate: (any CollectionViewDelegateFlowLayout)?
  ) -> Bool {
    let leaving = mountedSupplementaries.keys.filter { !kept.contains($0) }.sorted()
    for element in leaving {
      guard let view = mountedSupplementaries.removeValue(forKey: element) else { continue }
      view.mountedElement = nil
      endDisplaying(view, as: element, delegate: delegate)
      supplementaryQueue.enqueue(view, kind: element.kind, remembering: element)
      if needsLayout { return false }
    }
    for element in reloadedSupplementaries.keys.filter({ !kept.contains($0) }).sorted() {
      guard let view = reloadedSupplementaries.removeValue(forKey: element) else { continue }
      endDisplaying(view, as: element, delegate: delegate)
      if needsLayout { return false }
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
    for (element, frame) in wanted where mountedSupplementaries[element] == nil {
      arrivingSupplementary = (element, frame)
      var view = dataSource.collectionView(
        self, viewForSupplementaryElementOfKind: element.kind, at: element.indexPath)
      arrivingSupplementary = nil
      if view.mountedElement != nil || (view as? CollectionViewCell)?.isMounted == true {
        // Taking it would leave another element (or item) without its view.
        view = freshView(
          replacing: view, for: "the \(element.kind) of section \(element.section)", frame: frame)
      }
      if let other = reloadedSupplementaries.first(where: { $0.value === view && $0.key != element })?.key {
        reloadedSupplementaries[other] = nil
        endDisplaying(view, as: other, delegate: delegate)
      }
      let previous = reloadedSupplementaries.removeValue(forKey: element)
      if let previous, previous !== view { endDisplaying(previous, as: element, delegate: delegate) }
      if previous !== view { view.isDisplayed = false }
      view.mountedElement = element
      if view.reuseIdentifier == nil { view.owner = self }
      view.frame = frame
      mountedSupplementaries[element] = view
      if needsLayout { return false }
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

  /// Called by a reload: the headers and footers on screen go to their
  /// queues remembering their elements, for the data source to take back
  /// (see ``reloadedSupplementaries``).
  func queueSupplementariesForReload() {
    for (element, view) in mountedSupplementaries {
      view.mountedElement = nil
      supplementaryQueue.enqueue(view, kind: element.kind, remembering: element)
      if view.isDisplayed { reloadedSupplementaries[element] = view }
    }
    mountedSupplementaries = [:]
  }

  /// Called by a batch that changed sections: the headers and footers of
  /// sections that survive (moved or not) keep their views, displayed, under
  /// their sections' new indexes; those of deleted and reloaded sections
  /// depart (the next pass ends their display and queues them), and queued
  /// views remember their elements' new places. Nothing is asked of the data
  /// source here: the next pass asks views for the elements that arrive.
  ///
  /// - Complexity: O(*s* + *k* + *q*) for *s* sections, *k* views on screen
  ///   and *q* queued.
  func remapSupplementaries(through remap: SectionRemap) {
    var newSection: [Int: Int] = [:]
    for (new, old) in remap.sourceOfNew.enumerated() { if let old { newSection[old] = new } }
    func newElement(_ element: SupplementaryElement) -> SupplementaryElement? {
      newSection[element.section].map { SupplementaryElement(kind: element.kind, section: $0) }
    }
    var kept: [SupplementaryElement: CollectionReusableView] = [:]
    for (element, view) in mountedSupplementaries {
      if let new = newElement(element) {
        view.mountedElement = new
        kept[new] = view
      } else {
        view.mountedElement = nil
        departingSupplementaries.append((view, element, true))
      }
    }
    mountedSupplementaries = kept
    // Views a reload left waiting for their elements are queued already.
    var waiting: [SupplementaryElement: CollectionReusableView] = [:]
    for (element, view) in reloadedSupplementaries {
      if let new = newElement(element) {
        waiting[new] = view
      } else {
        departingSupplementaries.append((view, element, false))
      }
    }
    reloadedSupplementaries = waiting
    supplementaryQueue.remapElements(newElement)
  }
}

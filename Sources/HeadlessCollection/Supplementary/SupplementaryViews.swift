import Foundation

/// The headers and footers: the classes registered per element kind and
/// reuse identifier, the views on screen, their reuse queues, the views a
/// reload left waiting for their elements, those on their way out, and the
/// element a view is being made for. The supplementary twin of
/// ``CellsOnScreen`` and ``CellReuse``, kept apart as UIKit keeps its
/// queues apart.
///
/// Invariants:
/// - a mounted view knows the element it shows (its `mountedElement`), so
///   that a view returned for a second element is recognized as taken;
/// - no view is mounted for two elements;
/// - a view a reload left waiting is not mounted: taking it back for an
///   element (its own or another) removes it from the waiting ones;
/// - a view on its way out is not mounted: a batch took it off screen, and
///   only the next pass, which takes the list first, mounts anything.
@MainActor
struct SupplementaryViews {
  /// Registered view classes by element kind and reuse identifier.
  private var registeredClasses: [String: [String: CollectionReusableView.Type]] = [:]
  /// Headers and footers on screen.
  private(set) var mounted: [SupplementaryElement: CollectionReusableView] = [:]
  /// Views waiting to be dequeued.
  private var queue = SupplementaryQueue()
  /// Headers and footers displayed when ``CollectionView/reloadData()``
  /// ran, queued for their elements to take back, until the next pass
  /// settles them as ``CellsOnScreen/reloaded`` cells are settled.
  private(set) var reloaded: [SupplementaryElement: CollectionReusableView] = [:]
  /// Headers and footers of sections a batch deleted or reloaded, with the
  /// elements they showed (indexes before the batch) and whether they still
  /// need queueing; the next pass ends their display and queues them, as
  /// ``CellsOnScreen/departing`` cells are.
  private(set) var departing: [(view: CollectionReusableView, element: SupplementaryElement, queue: Bool)] = []
  /// The element a layout pass is asking the data source a view for, and
  /// its frame, so that dequeuing need not compute it. Set only around
  /// that call.
  var arriving: (element: SupplementaryElement, frame: CGRect)?

  // MARK: Registration and queues

  /// Registers `viewClass` for `kind` and `identifier`, replacing an
  /// earlier one.
  ///
  /// - Complexity: O(1).
  mutating func register(_ viewClass: CollectionReusableView.Type, kind: String, identifier: String) {
    registeredClasses[kind, default: [:]][identifier] = viewClass
  }

  /// The class registered for `kind` and `identifier`, if any.
  ///
  /// - Complexity: O(1).
  func registeredClass(kind: String, identifier: String) -> CollectionReusableView.Type? {
    registeredClasses[kind]?[identifier]
  }

  /// Queues `view` under `kind`, remembering `element` as the one it
  /// showed (see ``SupplementaryQueue/enqueue(_:kind:remembering:)``).
  ///
  /// - Complexity: O(1) amortized.
  mutating func enqueue(_ view: CollectionReusableView, kind: String, remembering element: SupplementaryElement?) {
    queue.enqueue(view, kind: kind, remembering: element)
  }

  /// A queued view of `kind` and `identifier` for `element`, the one that
  /// remembers it first (see ``SupplementaryQueue/dequeue(kind:identifier:for:)``).
  ///
  /// - Complexity: O(*q*) for *q* views queued under the key.
  mutating func dequeue(kind: String, identifier: String, for element: SupplementaryElement?)
    -> CollectionReusableView?
  {
    queue.dequeue(kind: kind, identifier: identifier, for: element)
  }

  // MARK: On screen

  /// Shows `view` for `element`.
  ///
  /// - Complexity: O(1) expected.
  mutating func mount(_ view: CollectionReusableView, at element: SupplementaryElement) {
    view.mountedElement = element
    mounted[element] = view
  }

  /// Takes the view of `element` off screen and returns it, if any.
  ///
  /// - Complexity: O(1) expected.
  mutating func unmount(_ element: SupplementaryElement) -> CollectionReusableView? {
    let view = mounted.removeValue(forKey: element)
    view?.mountedElement = nil
    return view
  }

  /// Takes the view a reload left waiting for `element`, if any.
  ///
  /// - Complexity: O(1) expected.
  mutating func takeReloaded(at element: SupplementaryElement) -> CollectionReusableView? {
    reloaded.removeValue(forKey: element)
  }

  /// The element other than `element` that a reload left `view` waiting
  /// for, if any: the data source handed it to another element.
  ///
  /// - Complexity: O(*r*) for *r* views waiting from a reload.
  func reloadedElement(of view: CollectionReusableView, other element: SupplementaryElement)
    -> SupplementaryElement?
  {
    reloaded.first { $0.value === view && $0.key != element }?.key
  }

  /// Takes the views on their way out, leaving none.
  ///
  /// - Complexity: O(1).
  mutating func takeDeparting() -> [(view: CollectionReusableView, element: SupplementaryElement, queue: Bool)] {
    defer { departing = [] }
    return departing
  }

  /// Lists `view`, which showed `element`, on its way out; `queue` says
  /// whether the pass must still queue it.
  ///
  /// - Complexity: O(1) amortized.
  mutating func depart(_ view: CollectionReusableView, from element: SupplementaryElement, queue: Bool) {
    departing.append((view, element, queue))
  }

  // MARK: Reloads and batches

  /// Called by a reload: the views on screen go to their queues
  /// remembering their elements, for the data source to take back, and
  /// those displayed wait in ``reloaded`` for the next pass to settle.
  ///
  /// - Complexity: O(*k*) for *k* views on screen.
  mutating func queueForReload() {
    for (element, view) in mounted {
      view.mountedElement = nil
      queue.enqueue(view, kind: element.kind, remembering: element)
      if view.isDisplayed { reloaded[element] = view }
    }
    mounted = [:]
  }

  /// Follows the headers and footers through a batch that changed
  /// sections: those of sections that survive (moved or not) keep their
  /// views, displayed, under their sections' new indexes; those of deleted
  /// and reloaded sections depart (the next pass ends their display and
  /// queues them), and queued views remember their elements' new places.
  /// Nothing is asked of the data source here: the next pass asks views for
  /// the elements that arrive. A batch of item changes leaves them as they
  /// are.
  ///
  /// - Complexity: O(*k* + *q*) for *k* views on screen or waiting and *q*
  ///   queued, when the batch changed sections; O(1) otherwise.
  mutating func remap(through remap: ItemRemap) {
    guard remap.changesSections else { return }
    func newElement(_ element: SupplementaryElement) -> SupplementaryElement? {
      remap.newSection(of: element.section).map { SupplementaryElement(kind: element.kind, section: $0) }
    }
    var kept: [SupplementaryElement: CollectionReusableView] = [:]
    for (element, view) in mounted {
      if let new = newElement(element) {
        view.mountedElement = new
        kept[new] = view
      } else {
        view.mountedElement = nil
        departing.append((view, element, true))
      }
    }
    mounted = kept
    // Views a reload left waiting for their elements are queued already.
    var waiting: [SupplementaryElement: CollectionReusableView] = [:]
    for (element, view) in reloaded {
      if let new = newElement(element) {
        waiting[new] = view
      } else {
        departing.append((view, element, false))
      }
    }
    reloaded = waiting
    queue.remapElements(newElement)
  }
}

extension SupplementaryViews {
  /// The rules written on the type.
  ///
  /// - Complexity: O(*k* + *r* + *d*) for *k* views on screen, *r*
  ///   waiting from a reload and *d* on their way out.
  func invariantViolations() -> [InvariantViolation] {
    var check = InvariantChecker("SupplementaryViews")
    var views = Set<ObjectIdentifier>()
    for (element, view) in mounted {
      check.expect(view.mountedElement == element, "a mounted view knows the element it shows")
      check.expect(views.insert(ObjectIdentifier(view)).inserted, "no view is mounted for two elements")
    }
    for view in reloaded.values {
      check.expect(!views.contains(ObjectIdentifier(view)), "a view a reload left waiting is not mounted")
    }
    for (view, _, _) in departing {
      check.expect(!views.contains(ObjectIdentifier(view)), "a view on its way out is not mounted")
    }
    return check.violations
  }
}

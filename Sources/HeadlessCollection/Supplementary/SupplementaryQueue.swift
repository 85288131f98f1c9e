/// Supplementary views waiting to be dequeued, by element kind and reuse
/// identifier: their own queues, apart from the cells', as in UIKit.
///
/// A view queued by ``CollectionView/reloadData()`` remembers the element
/// it showed, so that the data source gets it back for that element, as
/// cells get theirs; other views are handed out newest first. Queues hold
/// about a viewport of views, so finding a remembered one is a scan.
@MainActor
struct SupplementaryQueue {
  private struct Key: Hashable {
    var kind: String
    var identifier: String
  }

  private var queues: [Key: [CollectionReusableView]] = [:]

  /// Queues `view` (dequeued with `kind` and its reuse identifier),
  /// remembering `element` as the one it showed, or nothing. A view without
  /// a reuse identifier was not dequeued and is simply released.
  ///
  /// - Complexity: O(1) amortized.
  mutating func enqueue(_ view: CollectionReusableView, kind: String, remembering element: SupplementaryElement?) {
    guard let identifier = view.reuseIdentifier else { return }
    view.rememberedElement = element
    queues[Key(kind: kind, identifier: identifier), default: []].append(view)
  }

  /// A queued view of `kind` and `identifier` for `element`: the one that
  /// remembers it, else the most recently queued; nil when none waits.
  ///
  /// - Complexity: O(*q*) for *q* views queued under the key.
  mutating func dequeue(kind: String, identifier: String, for element: SupplementaryElement?)
    -> CollectionReusableView?
  {
    let key = Key(kind: kind, identifier: identifier)
    guard var queue = queues[key], !queue.isEmpty else { return nil }
    let slot = queue.lastIndex { $0.rememberedElement != nil && $0.rememberedElement == element }
    let view = slot.map { queue.remove(at: $0) } ?? queue.removeLast()
    queues[key] = queue
    view.rememberedElement = nil
    return view
  }

  /// Follows the remembered elements through a batch that changed
  /// sections: `newElement` gives an element's place after it, nil for one
  /// whose section is gone or new (its view is then remembered for nothing).
  ///
  /// - Complexity: O(*q*) for *q* queued views.
  mutating func remapElements(_ newElement: (SupplementaryElement) -> SupplementaryElement?) {
    for queue in queues.values {
      for view in queue { view.rememberedElement = view.rememberedElement.flatMap(newElement) }
    }
  }
}

/// A reference back to the object that owns it, which the object clears
/// first thing in its `deinit`: what a `weak` reference gives (nil once the
/// object goes), for references the object hands to what it owns or feeds
/// (its cells, its closures, its controllers), without making the object
/// weakly referenced.
///
/// Why it pays: the first weak reference to an object gives it a side table
/// for good, and from then on every retain and release of it takes the
/// runtime's slow path. The collection view and the data source are
/// retained and released several times for every cell a scroll shows.
///
/// Invariant: `object` is the owner, alive, until the owner's `deinit`
/// calls `clear()`, and nil after; the owner makes one (in its initializer
/// or on first use) and clears it before its `deinit` calls out to
/// anything. Reading it is
/// then as safe as reading a weak reference. Main actor only, as every
/// owner is.
///
/// - Complexity: O(1) to read and to clear.
@MainActor
package final class BackReference<Object: AnyObject> {
  /// The owner; nil once it has begun to go away.
  @exclusivity(unchecked)
  package private(set) unowned(unsafe) var object: Object?

  /// A reference to `object`, which must own it and clear it in its
  /// `deinit`.
  package init(_ object: Object) {
    self.object = object
  }

  /// Called by the owner, first thing in its `deinit`.
  package func clear() {
    object = nil
  }
}

/// A weak reference to any object: how a section hands its cells' controllers
/// a delegate without keeping that delegate alive.
///
/// The data source passes it to every controller the section creates; a
/// controller that conforms to ``ListCellControllerWithDelegate`` reads it,
/// typed, as `delegate`.
///
/// It is `Sendable` because sections travel to a background task when the
/// data source applies updates asynchronously. The reference is fixed at
/// initialization, and the object can only be read on the main actor (where
/// controllers use it), so no other thread ever gets hold of it; a weak
/// reference may be created on any thread.
public final class WeakAnyObject: @unchecked Sendable {
  /// A reference to nothing: the default delegate of every section.
  public static let none = WeakAnyObject(object: nil)

  /// The object, or nil once it has been deallocated. Main-actor only: the
  /// object need not be `Sendable`, so it must not reach other threads.
  ///
  /// - Complexity: O(1).
  @MainActor
  public var object: AnyObject? { reference }

  // `weak var`, never assigned after init: `weak let` (SE-0481) would say
  // so, but needs Swift 6.3 and the package supports 6.2.
  private weak var reference: AnyObject?

  /// Which object is referred to (nil once it is gone), without handing
  /// the object out: what tells two references to one delegate apart from
  /// references to two, on any thread.
  ///
  /// - Complexity: O(1).
  var referenceIdentity: ObjectIdentifier? { reference.map { ObjectIdentifier($0) } }

  /// Creates a weak reference to `object`.
  ///
  /// - Complexity: O(1).
  public init(object: AnyObject?) {
    self.reference = object
  }
}

/// A weak reference to any object: how a section hands its cells' controllers
/// a delegate without keeping that delegate alive.
///
/// The data source passes it to every controller the section creates; a
/// controller that conforms to ``ListCellControllerWithDelegate`` reads it,
/// typed, as `delegate`.
///
/// It is `Sendable` because sections travel to a background task when the
/// data source applies updates asynchronously. The reference is fixed at
/// initialization and loading a weak reference is thread-safe; the object
/// itself is only used on the main actor, by controllers.
public final class WeakAnyObject: @unchecked Sendable {
  /// A reference to nothing: the default delegate of every section.
  public static let none = WeakAnyObject(object: nil)

  /// The object, or nil once it has been deallocated.
  public private(set) weak var object: AnyObject?

  /// Creates a weak reference to `object`.
  ///
  /// - Complexity: O(1).
  public init(object: AnyObject?) {
    self.object = object
  }
}

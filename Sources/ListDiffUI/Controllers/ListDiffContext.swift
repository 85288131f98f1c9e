/// Dependencies shared by every controller of one data source (a logger, an
/// image cache, a store), so that view models need not carry them.
///
/// The data source builds one from the `contextObjects` it is given; each
/// controller reads it as ``AnyListCellController/context``. Objects are found
/// by their exact class, so give at most one object of each class; where two
/// share a class, the first is kept and the other reported by
/// ``duplicateClassNames``.
public final class ListDiffContext {
  private let objectsByClass: [ObjectIdentifier: AnyObject]

  /// Every object this context was given, in order, duplicates included.
  public let objects: [AnyObject]

  /// The names of the classes given more than once (only the first object of
  /// each is found by ``object()``), in order of their first repetition.
  public let duplicateClassNames: [String]

  /// Creates a context holding `objects`.
  ///
  /// - Complexity: O(*n*) in the number of objects.
  public init(objects: [AnyObject]) {
    var byClass: [ObjectIdentifier: AnyObject] = [:]
    var duplicates: [String] = []
    for object in objects {
      let key = ObjectIdentifier(type(of: object))
      if byClass[key] == nil {
        byClass[key] = object
      } else {
        let name = String(reflecting: type(of: object))
        if !duplicates.contains(name) { duplicates.append(name) }
      }
    }
    self.objectsByClass = byClass
    self.objects = objects
    self.duplicateClassNames = duplicates
  }

  /// The object whose class is exactly `type` (not a subclass, not a
  /// protocol), or nil.
  ///
  /// - Complexity: O(1).
  public func object<T>(type: T.Type) -> T? {
    objectsByClass[ObjectIdentifier(type)] as? T
  }

  /// The object whose class is exactly `T`, inferred from the context:
  /// `let logger: Logger? = context.object()`.
  ///
  /// - Complexity: O(1).
  public func object<T>() -> T? {
    objectsByClass[ObjectIdentifier(T.self)] as? T
  }
}

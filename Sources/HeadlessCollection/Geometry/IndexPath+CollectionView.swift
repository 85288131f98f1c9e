import Foundation

#if !canImport(UIKit) && !canImport(AppKit)
  extension IndexPath {
    /// An index path naming `item` in `section`, as UIKit spells it.
    ///
    /// - Complexity: O(1).
    public init(item: Int, section: Int) {
      // `appending` on a one-index path builds the two-index storage directly,
      // without the array that `init(indexes:)` would allocate.
      self = IndexPath(index: section).appending(item)
    }

    /// The item index: the second index of a two-index path.
    ///
    /// Like UIKit, this requires the path to hold exactly two indexes.
    ///
    /// - Complexity: O(1).
    public var item: Int {
      get {
        if count != 2 { fatalError("Invalid index path for use with a collection view: \(self)") }
        return self[1]
      }
      set {
        if count != 2 { fatalError("Invalid index path for use with a collection view: \(self)") }
        self[1] = newValue
      }
    }

    /// The section index: the first index of a two-index path.
    ///
    /// Like UIKit, this requires the path to hold exactly two indexes.
    ///
    /// - Complexity: O(1).
    public var section: Int {
      get {
        if count != 2 { fatalError("Invalid index path for use with a collection view: \(self)") }
        return self[0]
      }
      set {
        if count != 2 { fatalError("Invalid index path for use with a collection view: \(self)") }
        self[0] = newValue
      }
    }
  }
#endif

extension IndexPath {
  /// Whether the path has the two indexes (section, item) a collection view needs.
  @inlinable
  var isCollectionIndexPath: Bool { count == 2 }

  /// The path as Foundation prints an `NSIndexPath` in UIKit's exception
  /// messages, minus the object address: `<NSIndexPath> {length = 2, path = 0 - 3}`.
  var uiKitDescription: String {
    "<NSIndexPath> {length = \(count), path = \(map(String.init).joined(separator: " - "))}"
  }
}

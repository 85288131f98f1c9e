import Foundation

#if !canImport(UIKit) && !canImport(AppKit)
  /// UIKit's collection-view members of `IndexPath`, where neither UIKit nor
  /// AppKit provides them: `init(item:section:)`, `item` and `section`.
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
      get { self[collectionPosition(1)] }
      set { self[collectionPosition(1)] = newValue }
    }

    /// The section index: the first index of a two-index path.
    ///
    /// Like UIKit, this requires the path to hold exactly two indexes.
    ///
    /// - Complexity: O(1).
    public var section: Int {
      get { self[collectionPosition(0)] }
      set { self[collectionPosition(0)] = newValue }
    }

    /// `position`, once the path is known to hold the two indexes `item`
    /// and `section` require (like UIKit, anything else traps).
    private func collectionPosition(_ position: Int) -> Int {
      if count != 2 { fatalError("Invalid index path for use with a collection view: \(self)") }
      return position
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

import Foundation

/// Why ``CollectionView/performBatchUpdates(_:completion:)`` refused a batch.
///
/// Each case is one rule UIKit enforces (UIKit raises
/// `NSInternalInconsistencyException` where this is thrown), and
/// ``description`` is UIKit's own sentence for it, so a failing test reads
/// like the crash log the same code would produce on iOS. Index paths print
/// as UIKit prints them, minus the object address.
///
/// Deletes, reloads and move sources are checked against the counts before
/// the update; inserts and move destinations against the counts after it.
///
/// A value holds at most three index paths and a few counts: copying,
/// comparing and hashing it are O(1).
public enum BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// An index path without exactly two indexes (section, item).
  case invalidIndexPath(IndexPath)

  /// The data source reports `after` sections where `before` were; batches
  /// here change items only, so the two must be equal.
  case invalidNumberOfSections(after: Int, before: Int)

  /// The data source reports `after` items in `section`, which is not
  /// `before` plus inserts minus deletes plus items moved in minus items
  /// moved out. Reloads count as one insert and one delete, as in UIKit.
  case invalidNumberOfItems(
    section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int,
    movedOut: Int)

  /// A delete names a section that did not exist before the update.
  case deleteSectionOutOfRange(IndexPath, sectionCountBefore: Int)

  /// A delete names an item past the end of its section before the update.
  case deleteOutOfRange(IndexPath, itemCountBefore: Int)

  /// A reload names a section that did not exist before the update. UIKit
  /// validates a reload as the delete it performs, and says so.
  case reloadSectionOutOfRange(IndexPath, sectionCountBefore: Int)

  /// A reload names an item past the end of its section before the update.
  /// UIKit validates a reload as the delete it performs, and says so.
  case reloadOutOfRange(IndexPath, itemCountBefore: Int)

  /// An insert names a section that does not exist after the update.
  case insertSectionOutOfRange(IndexPath, sectionCountAfter: Int)

  /// An insert names an item past the end of its section after the update.
  case insertOutOfRange(IndexPath, itemCountAfter: Int)

  /// A move starts in a section that did not exist before the update.
  case moveSourceSectionOutOfRange(from: IndexPath, sectionCountBefore: Int)

  /// A move starts at an item past the end of its section before the update.
  case moveSourceOutOfRange(from: IndexPath, itemCountBefore: Int)

  /// A move ends in a section that does not exist after the update.
  case moveDestinationSectionOutOfRange(from: IndexPath, to: IndexPath, sectionCountAfter: Int)

  /// A move ends at an item past the end of its section after the update.
  case moveDestinationOutOfRange(from: IndexPath, to: IndexPath, itemCountAfter: Int)

  /// The same index path is deleted twice.
  case duplicateDelete(IndexPath)

  /// The same index path is inserted twice.
  case duplicateInsert(IndexPath)

  /// One index path is both deleted and moved from.
  case deleteAndMove(IndexPath)

  /// One index path is both inserted and moved to.
  case insertAndMove(IndexPath)

  /// One index path is moved to two different places.
  case moveFromSameIndexPath(IndexPath, to: IndexPath, and: IndexPath)

  /// Two index paths are moved to the same place.
  case moveToSameIndexPath(IndexPath, and: IndexPath, to: IndexPath)

  /// One index path is both deleted and reloaded.
  case reloadOfDeletedItem(IndexPath)

  /// One index path is both moved and reloaded. UIKit performs the reload as
  /// a delete, so its sentence is the one for a delete and a move.
  case reloadOfMovedItem(IndexPath)

  /// The batch was started while the collection asked its delegate for an
  /// item's size or a section's insets or spacings. The items are then
  /// between two placements, so the batch is refused before its `updates`
  /// run: neither the collection nor (if the model changes inside `updates`)
  /// the model has changed. Make the change once the size request has
  /// returned — from `collectionViewDidLayout(_:)`, say. UIKit has no
  /// sentence for this; its behaviour there is undefined.
  case batchDuringSizing

  /// UIKit's sentence for the failure.
  ///
  /// - Complexity: O(length of the sentence).
  public var description: String {
    switch self {
    case .invalidIndexPath(let path):
      return "Invalid index path for use with UICollectionView (\(path.uiKitDescription)). "
        + "Index paths passed to table or collection views must contain exactly two indices "
        + "specifying the section and row."
    case .invalidNumberOfSections(let after, let before):
      return "Invalid update: invalid number of sections. The number of sections contained in the "
        + "collection view after the update (\(after)) must be equal to the number of sections "
        + "contained in the collection view before the update (\(before)), plus or minus the number "
        + "of sections inserted or deleted (0 inserted, 0 deleted)."
    case .invalidNumberOfItems(let section, let after, let before, let inserted, let deleted,
      let movedIn, let movedOut):
      return "Invalid update: invalid number of items in section \(section). The number of items "
        + "contained in an existing section after the update (\(after)) must be equal to the number "
        + "of items contained in that section before the update (\(before)), plus or minus the "
        + "number of items inserted or deleted from that section (\(inserted) inserted, "
        + "\(deleted) deleted) and plus or minus the number of items moved into or out of that "
        + "section (\(movedIn) moved in, \(movedOut) moved out)."
    case .deleteSectionOutOfRange(let path, let sections),
      .reloadSectionOutOfRange(let path, let sections):
      return "attempt to delete item \(path[1]) from section \(path[0]), but there are only "
        + "\(sections) sections before the update"
    case .deleteOutOfRange(let path, let items), .reloadOutOfRange(let path, let items):
      return "attempt to delete item \(path[1]) from section \(path[0]) which only contains "
        + "\(items) items before the update"
    case .insertSectionOutOfRange(let path, let sections):
      return "attempt to insert item \(path[1]) into section \(path[0]), but there are only "
        + "\(sections) sections after the update"
    case .insertOutOfRange(let path, let items):
      return "attempt to insert item \(path[1]) into section \(path[0]), but there are only "
        + "\(items) items in section \(path[0]) after the update"
    case .moveSourceSectionOutOfRange(let from, let sections):
      return "attempt to move index path (\(from.uiKitDescription)) from a section that does not "
        + "exist - there are only \(sections) sections before the update"
    case .moveSourceOutOfRange(let from, let items):
      return "attempt to move index path (\(from.uiKitDescription)) that does not exist - there "
        + "are only \(items) items in section \(from[0]) before the update"
    case .moveDestinationSectionOutOfRange(let from, let to, let sections):
      return "attempt to move index path (\(from.uiKitDescription)) to index path "
        + "(\(to.uiKitDescription)) in section that does not exist - there are only "
        + "\(sections) sections after the update"
    case .moveDestinationOutOfRange(let from, let to, let items):
      return "attempt to move index path (\(from.uiKitDescription)) to index path "
        + "(\(to.uiKitDescription)) that does not exist - there are only \(items) items in "
        + "section \(to[0]) after the update"
    case .duplicateDelete(let path):
      return "attempt to delete the same index path twice (\(path.uiKitDescription))"
    case .duplicateInsert(let path):
      return "attempt to insert the same index path twice (\(path.uiKitDescription))"
    case .deleteAndMove(let path), .reloadOfMovedItem(let path):
      return "attempt to perform a delete and a move from the same index path "
        + "(\(path.uiKitDescription))"
    case .insertAndMove(let path):
      return "attempt to perform an insert and a move to the same index path "
        + "(\(path.uiKitDescription))"
    case .moveFromSameIndexPath(let from, let to, let other):
      return "attempt to move item at index path \(from.uiKitDescription) to both "
        + "\(to.uiKitDescription) and \(other.uiKitDescription)"
    case .moveToSameIndexPath(let from, let other, let to):
      return "attempt to move both item at index path \(from.uiKitDescription) and "
        + "\(other.uiKitDescription) to \(to.uiKitDescription)"
    case .reloadOfDeletedItem(let path):
      return "attempt to delete and reload the same index path (\(path.uiKitDescription))"
    case .batchDuringSizing:
      return "attempt to perform batch updates while the collection view asks its delegate for "
        + "item sizes or section metrics (collectionView(_:layout:sizeForItemAt:) and the like); "
        + "perform them after that call returns"
    }
  }
}

import Foundation

/// Why ``CollectionView/performBatchUpdates(_:completion:)`` refused a batch.
///
/// Each case is one rule UIKit enforces (UIKit raises
/// `NSInternalInconsistencyException` where this is thrown), and
/// ``description`` is UIKit's own sentence for it, so a failing test reads
/// like the crash log the same code would produce on iOS. Index paths print
/// as UIKit prints them, minus the object address.
///
/// Deletes, reloads and move sources (of items and of sections) are checked
/// against the counts before the update; inserts and move destinations
/// against the counts after it. <doc:SectionUpdates> lists the section rules
/// with the source of each sentence.
///
/// A value holds at most three index paths and a few counts: copying,
/// comparing and hashing it are O(1).
public enum BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// An index path without exactly two indexes (section, item).
  case invalidIndexPath(IndexPath)

  /// The data source reports `after` sections, which is not `before` plus
  /// the sections inserted minus the sections deleted. A reloaded section
  /// counts as one inserted and one deleted, as UIKit performs it.
  ///
  /// UIKit's sentence, quoted from crash logs such as
  /// <https://github.com/onmyway133/DeepDiff/issues/56> and
  /// <https://github.com/facebookarchive/AsyncDisplayKit/issues/654> ("(2
  /// inserted, 0 deleted)").
  case invalidNumberOfSections(after: Int, before: Int, inserted: Int = 0, deleted: Int = 0)

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

  /// `deleteSections(_:)` names a section that did not exist before the
  /// update. UIKit's sentence (UIKit's `_endItemAnimations` assertion, as
  /// ported in UXKit and quoted in reverse-engineering notes of it).
  case sectionDeleteOutOfRange(Int, sectionCountBefore: Int)

  /// `reloadSections(_:)` names a section that did not exist before the
  /// update. UIKit performs a reload as a delete and an insert, and checks
  /// the delete first, so the sentence is the one for a delete.
  case sectionReloadOutOfRange(Int, sectionCountBefore: Int)

  /// `insertSections(_:)` names a section that does not exist after the
  /// update. UIKit's sentence (no comma before "but", as UIKit writes it).
  case sectionInsertOutOfRange(Int, sectionCountAfter: Int)

  /// `moveSection(_:toSection:)` starts at a section that did not exist
  /// before the update.
  case sectionMoveSourceOutOfRange(Int, sectionCountBefore: Int)

  /// `moveSection(_:toSection:)` ends at a section that does not exist after
  /// the update. UIKit's sentence says "attempt to to move": the doubled
  /// word is UIKit's own and is kept.
  case sectionMoveDestinationOutOfRange(from: Int, to: Int, sectionCountAfter: Int)

  /// The same section is deleted and reloaded. UIKit compares the two as
  /// index paths whose item is `NSNotFound`, and prints the path so.
  case sectionReloadOfDeleted(Int)

  /// A section is deleted (or reloaded, which UIKit performs as a delete)
  /// and moved.
  case sectionDeleteAndMove(Int)

  /// A section is inserted and is the destination of a section move.
  case sectionInsertAndMove(Int)

  /// An item moves out of a section that is deleted or reloaded.
  case moveFromDeletedSection(Int)

  /// An item moves into a section that is inserted or reloaded.
  case moveIntoInsertedSection(Int)

  /// A section is moved to two different places.
  case sectionMoveToTwoPlaces(Int, to: Int, and: Int)

  /// Two sections are moved to the same place.
  case sectionsMoveToSamePlace(Int, and: Int, to: Int)

  /// An item is inserted into a section that is itself inserted (or
  /// reloaded) in the same batch: the new section's items come from the data
  /// source with it. The sentence is this package's: UIKit's port in UXKit
  /// drops such an insert silently, while IGListKit reports UIKit throwing on
  /// it (<https://github.com/Instagram/IGListKit/pull/325>); refusing it
  /// is the safe side of the two.
  case insertIntoInsertedSection(IndexPath)

  /// An item is deleted or reloaded in a section that is itself deleted (or
  /// reloaded) in the same batch: the section's items leave with it. The
  /// sentence is this package's, for the reason given at
  /// ``insertIntoInsertedSection(_:)``.
  case changeInDeletedSection(IndexPath)

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
    // About 100 lines, kept as one switch: it is a table with one sentence
    // per case, compared verbatim with UIKit's, and reads best side by side.
    switch self {
    case .invalidIndexPath(let path):
      return "Invalid index path for use with UICollectionView (\(path.uiKitDescription)). "
        + "Index paths passed to table or collection views must contain exactly two indices "
        + "specifying the section and row."
    case .invalidNumberOfSections(let after, let before, let inserted, let deleted):
      return "Invalid update: invalid number of sections. The number of sections contained in the "
        + "collection view after the update (\(after)) must be equal to the number of sections "
        + "contained in the collection view before the update (\(before)), plus or minus the number "
        + "of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
    case .sectionDeleteOutOfRange(let section, let sections),
      .sectionReloadOutOfRange(let section, let sections):
      return "attempt to delete section \(section), but there are only \(sections) sections before "
        + "the update"
    case .sectionInsertOutOfRange(let section, let sections):
      return "attempt to insert section \(section) but there are only \(sections) sections after "
        + "the update"
    case .sectionMoveSourceOutOfRange(let section, let sections):
      return "attempt to move section \(section), but there are only \(sections) sections before "
        + "the update"
    case .sectionMoveDestinationOutOfRange(let from, let to, let sections):
      return "attempt to to move section \(from) to section \(to), but there are only "
        + "\(sections) sections after the update"
    case .sectionReloadOfDeleted(let section):
      return "attempt to delete and reload the same index path "
        + "(\(IndexPath(index: section).appending(Int.max).uiKitDescription))"
    case .sectionDeleteAndMove(let section):
      return "attempt to perform a delete and a move from the same section (\(section))"
    case .sectionInsertAndMove(let section):
      return "attempt to perform an insert and a move to the same section (\(section))"
    case .moveFromDeletedSection(let section):
      return "cannot move an item from a deleted section (\(section))"
    case .moveIntoInsertedSection(let section):
      return "cannot move an item into a newly inserted section (\(section))"
    case .sectionMoveToTwoPlaces(let section, let to, let other):
      return "attempt to move section \(section) to both section \(to) and section \(other)"
    case .sectionsMoveToSamePlace(let section, let other, let to):
      return "attempt to move both section \(section) and section \(other) to section \(to)"
    case .insertIntoInsertedSection(let path):
      return "attempt to insert item \(path[1]) into section \(path[0]), which is itself inserted "
        + "or reloaded in this update: an inserted section's items come with it"
    case .changeInDeletedSection(let path):
      return "attempt to delete or reload item \(path[1]) of section \(path[0]), which is itself "
        + "deleted or reloaded in this update: a deleted section's items leave with it"
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

import Foundation

/// One applied batch as the old-to-new mapping that every part holding
/// item or section indexes replays (each through its own
/// `remap(through:)`), so that the batch is described once and no part
/// works out on its own where an item or a section went.
///
/// It reads the ``ValidatedBatch`` the validator made (a rank computation
/// over its sorted change lists) and the sections as they were before the
/// batch, for the index paths of what leaves. Build it before the layout
/// applies the batch and drop it before: it shares the old sections' storage
/// with the layout, which would otherwise copy them on its first change.
struct ItemRemap {
  /// The batch, in global item indexes.
  let batch: ValidatedBatch
  /// The sections before the batch: the index paths of items that leave
  /// are those they had then.
  private let oldSections: [SectionGeometry]
  /// For each section before the batch, its index after it (nil for a
  /// section deleted or reloaded); nil when the batch changed items only.
  /// Built once here rather than by each part that follows sections.
  private let newSections: [Int?]?

  /// The mapping of `batch`, applied to a collection whose sections are
  /// `oldSections`.
  ///
  /// - Complexity: O(1) for a batch of item changes; O(*s*) for *s*
  ///   sections when it changed sections, to invert where each new section
  ///   came from.
  init(_ batch: ValidatedBatch, oldSections: [SectionGeometry]) {
    self.batch = batch
    self.oldSections = oldSections
    newSections = batch.sections.map { remap in
      var newSection = [Int?](repeating: nil, count: oldSections.count)
      for (new, old) in remap.sourceOfNew.enumerated() { if let old { newSection[old] = new } }
      return newSection
    }
  }

  /// Where old item `old` is after the batch: its move destination, its
  /// place among the survivors, or nil when it was deleted. A reloaded item
  /// is still the same item (its selection, a pending size request follow
  /// it).
  ///
  /// - Complexity: O(log *k*) for *k* changes.
  func newIndex(of old: Int) -> Int? {
    batch.newIndex(of: old)
  }

  /// As ``newIndex(of:)``, but nil for a reloaded item too: what shows or
  /// remembers an item's content (its cell, a queued cell's memory, a
  /// prefetch) is stale after a reload, as UIKit asks for a fresh cell.
  ///
  /// - Complexity: O(log *k*).
  func newIndexKeepingContent(of old: Int) -> Int? {
    ValidatedBatch.contains(batch.reloadedOld, old) ? nil : batch.newIndex(of: old)
  }

  /// The index path old item `old` had before the batch: what the
  /// delegate and the prefetch data source are told for an item that left.
  ///
  /// - Complexity: O(log *s*).
  func oldIndexPath(of old: Int) -> IndexPath {
    oldSections.indexPath(ofItem: old)
  }

  /// Whether the batch moved, inserted, deleted or reloaded sections (so
  /// that headers and footers must follow them).
  ///
  /// - Complexity: O(1).
  var changesSections: Bool { newSections != nil }

  /// Where old section `old` is after the batch, or nil when it was
  /// deleted or reloaded (its headers and footers are new).
  ///
  /// - Complexity: O(1).
  func newSection(of old: Int) -> Int? {
    guard let newSections else { return old }
    return old >= 0 && old < newSections.count ? newSections[old] : nil
  }
}

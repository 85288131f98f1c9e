import Foundation

/// One supplementary element of a flow layout: a section's header or
/// footer. Ordered by section, a header before its footer, which is the
/// order the collection sends display callbacks and draws in.
struct SupplementaryElement: Hashable, Comparable {
  /// ``CollectionView/elementKindSectionHeader`` or
  /// ``CollectionView/elementKindSectionFooter``.
  var kind: String
  var section: Int

  var isHeader: Bool { kind == CollectionView.elementKindSectionHeader }

  /// The index path UIKit gives a section's header or footer: the section,
  /// item 0.
  var indexPath: IndexPath { IndexPath(item: 0, section: section) }

  /// The element `kind` names at `indexPath`, or nil when the kind is not
  /// one a flow layout has or the path is not a section's item 0.
  init?(kind: String, indexPath: IndexPath) {
    guard kind == CollectionView.elementKindSectionHeader || kind == CollectionView.elementKindSectionFooter,
      indexPath.isCollectionIndexPath, indexPath[1] == 0
    else { return nil }
    self.init(kind: kind, section: indexPath[0])
  }

  init(kind: String, section: Int) {
    self.kind = kind
    self.section = section
  }

  static func < (a: Self, b: Self) -> Bool {
    a.section != b.section ? a.section < b.section : (a.isHeader && !b.isHeader)
  }
}

/// The visible range along the scroll direction that pinned headers and
/// footers stick to, and whether they pin.
struct PinningBounds {
  /// Where pinned headers stop: the top (leading) edge of the visible
  /// bounds, inside the content inset, as UIKit pins below the inset.
  var low: CGFloat
  /// Where pinned footers stop: the bottom (trailing) edge, inside the
  /// content inset.
  var high: CGFloat
  var pinsHeaders: Bool
  var pinsFooters: Bool
}

extension FlowLayoutEngine {
  /// The frame of `element` in content coordinates, pinned as `pinning`
  /// says, or nil when its section does not exist or its length is zero
  /// (UIKit's flow layout makes no view for a zero reference size).
  ///
  /// Placement follows UIKit's flow layout: the header spans the room
  /// across the scroll direction (the collection's size minus its content
  /// insets) at the start of the section, before the section inset; the
  /// footer at the end, after it. Pinning follows UIKit's documentation of
  /// `sectionHeadersPinToVisibleBounds`: a pinned header is kept at
  /// `pinning.low` but never leaves its section, so the end of the section
  /// pushes it up as the next section's header arrives; a pinned footer
  /// mirrors it at `pinning.high`, pushed down by the start of its section.
  ///
  /// - Complexity: O(1).
  func frame(of element: SupplementaryElement, pinning: PinningBounds) -> CGRect? {
    guard element.section >= 0 && element.section < sections.count else { return nil }
    let section = sections[element.section]
    let length = element.isHeader ? section.metrics.headerLength : section.metrics.footerLength
    guard length > 0 else { return nil }
    var origin = element.isHeader ? section.origin : section.end - length
    if element.isHeader && pinning.pinsHeaders {
      origin = max(section.origin, min(max(pinning.low, origin), section.end - length))
    } else if !element.isHeader && pinning.pinsFooters {
      origin = min(section.end - length, max(min(pinning.high - length, origin), section.origin))
    }
    switch direction {
    case .vertical: return CGRect(x: 0, y: origin, width: max(0, crossExtent), height: length)
    case .horizontal: return CGRect(x: origin, y: 0, width: length, height: max(0, crossExtent))
    }
  }

  /// The headers and footers whose frames intersect `rect`, in element
  /// order, with their frames.
  ///
  /// Pinned or not, an element stays within its section's extent, so only
  /// the sections that reach into `rect` are looked at, found by binary
  /// search over the sections' ends.
  ///
  /// - Complexity: O(log *s* + the sections that reach into `rect`).
  func supplementaryElements(intersecting rect: CGRect, pinning: PinningBounds)
    -> [(element: SupplementaryElement, frame: CGRect)]
  {
    guard !sections.isEmpty, !rect.isEmpty else { return [] }
    let low = direction == .vertical ? rect.minY : rect.minX
    let high = direction == .vertical ? rect.maxY : rect.maxX
    var section = lowerBound(in: 0..<sections.count) { sections[$0].end <= low }
    var result: [(element: SupplementaryElement, frame: CGRect)] = []
    while section < sections.count && sections[section].origin < high {
      for kind in [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter] {
        let element = SupplementaryElement(kind: kind, section: section)
        if let frame = frame(of: element, pinning: pinning), Self.overlaps(frame, rect) {
          result.append((element, frame))
        }
      }
      section += 1
    }
    return result
  }
}

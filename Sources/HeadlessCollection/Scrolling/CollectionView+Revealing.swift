import Foundation

/// Showing something below the header blocks pinned over it: the one rule
/// that focus moves, taps in tests, a grid's focus and the apps' own
/// reveals all go through.
///
/// The rule, as UIKit shows content under a pinned header: the blocks
/// pinned over the target take room at the leading edge, outermost first,
/// as long as they leave the target some room; a block that would leave
/// none is not counted (the target's leading edge goes right below the
/// blocks that are, and a block pinned over it there covers it, as UIKit's
/// pinned headers cover the content under them). So the target always
/// ends in the viewport, even where the blocks fill it.
///
/// With estimated sizes, the scroll sizes the items it reaches, which
/// moves the target: it is aimed at again, from the sizes found, until it
/// stays put (see `aim(_:)`).
extension CollectionView {
  /// Scrolls as little as shows `rect` (in content coordinates) whole below
  /// the header blocks pinned over it, and lays out; a rect longer than the
  /// room there shows its leading edge. UIKit's
  /// `scrollRectToVisible(_:animated:)`, aware of pinned headers: the
  /// blocks counted are those pinned over the item laid out at the rect's
  /// leading corner (or the first item the rect meets).
  ///
  /// The rect is kept with that item: when the scroll sizes items that
  /// had their estimate (see ``CollectionViewFlowLayout/estimatedItemSize``)
  /// and the item moves, the rect moves with it and is aimed at again. A
  /// rect that meets no item is shown as it is, without pinned blocks. With
  /// animation the first scroll moves in steps, as
  /// ``setContentOffset(_:animated:)`` says; a correction after it does not.
  /// A rect with a non-finite component is reported as invalid geometry and
  /// changes nothing.
  ///
  /// - Complexity: O(log *n* + *v* + *p*) per aim (a layout pass over *v*
  ///   visible items, *p* pinned ranges), a few aims at most.
  public func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
    guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else {
      report("CollectionView.scrollRectToVisible(_:animated:)", given: rect, used: "no scroll")
      return
    }
    layoutIfNeeded()
    guard let index = item(meeting: rect) else {
      aim(animated: animated) { self.offset(revealing: rect, under: 0) }
      return
    }
    // Where the rect sits in its item, so that it follows the item.
    let origin = engine.frame(of: index).origin
    let relative = CGPoint(x: rect.minX - origin.x, y: rect.minY - origin.y)
    aim(animated: animated) {
      let frame = self.engine.frame(of: index)
      let moved = CGRect(
        origin: CGPoint(x: frame.minX + relative.x, y: frame.minY + relative.y), size: rect.size)
      return self.offset(revealing: moved, under: self.aimedPinnedLength(over: index, target: moved))
    }
  }

  /// How many times `aim(animated:_:)` sets the offset at most: each aim
  /// sizes the items about the new viewport, and a target placed from
  /// estimates lands within a viewport of its place, so one correction
  /// nearly always settles it.
  static let maximumAims = 4

  // MARK: The rule

  /// The viewport's length along the scroll direction, less the content
  /// insets on that axis.
  var viewportLength: CGFloat {
    let inset = contentInset
    return engine.direction == .vertical
      ? frame.height - inset.top - inset.bottom : frame.width - inset.left - inset.right
  }

  /// How much room at the leading edge the blocks pinned over item
  /// `index` take when `target` (a part of the item, or all of it) is
  /// shown below them: those that fit, outermost first, as long as they
  /// leave `target` some room (see the rule above). A target with no
  /// length cannot be shown anyway: the blocks that fit count.
  ///
  /// - Complexity: O(*p*) for *p* pinned ranges.
  func aimedPinnedLength(over index: Int, target: CGRect) -> CGFloat {
    let length = engine.direction == .vertical ? target.height : target.width
    return pinnedLength(over: index, viewport: viewportLength, leavingRoom: length > 0)
  }

  /// The content offset that shows `rect` whole, `pinned` points below the
  /// leading edge, moving the offset as little as that takes; a rect
  /// longer than the room left shows its leading edge. Across the scroll
  /// direction the same without pinned blocks. Not clamped.
  ///
  /// - Complexity: O(1).
  func offset(revealing rect: CGRect, under pinned: CGFloat) -> CGPoint {
    let inset = contentInset
    let vertical = engine.direction == .vertical
    var offset = position.offset
    func minimal(_ current: CGFloat, _ low: CGFloat, _ high: CGFloat, _ leading: CGFloat, _ room: CGFloat)
      -> CGFloat
    {
      // The leading edge wins when the rect is longer than the room.
      if low < current + leading || high - low > room { return low - leading }
      if high > current + leading + room { return high - leading - room }
      return current
    }
    let roomY = frame.height - inset.top - inset.bottom - (vertical ? pinned : 0)
    let roomX = frame.width - inset.left - inset.right - (vertical ? 0 : pinned)
    offset.y = minimal(offset.y, rect.minY, rect.maxY, inset.top + (vertical ? pinned : 0), max(0, roomY))
    offset.x = minimal(offset.x, rect.minX, rect.maxX, inset.left + (vertical ? 0 : pinned), max(0, roomX))
    return offset
  }

  /// The first item laid out that `rect` meets at its leading corner, else
  /// the first it meets at all; nil when it meets none.
  ///
  /// - Complexity: O(log *n* + *k*) for the *k* items in the rect.
  private func item(meeting rect: CGRect) -> Int? {
    let corner = CGRect(x: rect.minX, y: rect.minY, width: 0.001, height: 0.001)
    if let hit = engine.items(intersecting: corner).first(where: { $0.frame.containsHalfOpen(rect.origin) }) {
      return hit.index
    }
    let probe = rect.width > 0 && rect.height > 0 ? rect : corner
    return engine.items(intersecting: probe).first?.index
  }
}

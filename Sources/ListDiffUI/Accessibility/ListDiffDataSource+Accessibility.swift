import HeadlessCollection

/// The list's accessibility, by identity: VoiceOver's model of it, read and
/// driven headless (see the Accessibility article).
extension ListDiffDataSource {
  /// The elements VoiceOver can reach now — the items on screen, less
  /// those wholly under the pinned headers drawn over them — in
  /// reading order: the items of a pinned header block first while it is
  /// pinned, then the list's order; a carousel's items in order where its
  /// row is, a grid's line by line. Every item counts, whatever its
  /// controller's ``AnyListCellController/canFocus`` (which is the
  /// keyboard's), unless its cell says `isAccessibilityElement == false`.
  /// An element whose label is empty is reported once, as an
  /// ``ListDiffDiagnostic/Kind/emptyAccessibilityLabel`` warning.
  ///
  /// - Complexity: O(*v* log *v*) in the visible items (not the list's
  ///   length), plus their controllers' item actions.
  public var accessibilityElements: [ListAccessibilityElement] {
    elementsOnScreen()
  }

  /// The item VoiceOver's cursor is on, kept by identity: it stays on its
  /// item through every root, `reloadData()`, drag and load that keeps the
  /// item, with nothing posted; when a root deletes it, it moves to the
  /// item now at its place (else the one before) and one
  /// ``ListAccessibilityNotification/layoutChanged(focus:)`` names that
  /// one. Setting it puts the cursor on the item the identity names (an
  /// item of a carousel or a grid too) and scrolls it into view; an
  /// identity of no item shown is ignored with a note; nil takes the
  /// cursor away.
  ///
  /// - Complexity: reading, O(*n*) at worst to find the item; setting, that
  ///   and a scroll.
  public var accessibilityFocus: ListItemID? {
    get {
      switch accessibilityPlace() {
      case .nested(_, let inner, let item)?: return inner.itemID(at: item)
      case .item(let index)?: return itemID(at: index)
      case nil: return nil
      }
    }
    set {
      setAccessibilityFocus(newValue)
      checkInvariants(after: "an accessibility focus change")
    }
  }

  /// Moves VoiceOver's cursor (see ``ListAccessibilityMove``) over the
  /// whole list, scrolling as VoiceOver does: past the last element on
  /// screen to the next item of the list, headings found off screen too
  /// and scrolled to their section's start. Returns false, moving nothing,
  /// at an end of the list or with no element to move to (VoiceOver's
  /// bonk).
  ///
  /// - Complexity: O(*k*) for the *k* items passed over (each shown);
  ///   heading moves O(*s*) in the sections, never O(*n*), plus the scroll.
  @discardableResult
  public func moveAccessibilityFocus(_ move: ListAccessibilityMove) -> Bool {
    let moved = moveAccessibility(move)
    checkInvariants(after: "an accessibility move")
    return moved
  }

  /// Activates the element under the cursor (a double tap): its cell's
  /// `accessibilityActivate()`, and when that returns false, a tap on the
  /// item (it is selected, its controller hears `didSelect`). Returns false
  /// with no cursor.
  ///
  /// - Complexity: that of the activation or the tap.
  @discardableResult
  public func activateAccessibilityFocus() -> Bool {
    guard let target = accessibilityTarget() else { return false }
    if target.cell?.accessibilityActivate() != true {
      target.list.collectionView.selectItem(at: target.list.shownPath(target.index))
      target.list.collectionView.layoutIfNeeded()
    }
    checkInvariants(after: "an accessibility activation")
    return true
  }

  /// Runs the action called `name` of the element under the cursor (see
  /// ``ListAccessibilityElement/customActions``): a custom action of its
  /// cell, one of its item actions, or a move. Returns what the action
  /// returns; false when there is no cursor or no such action.
  ///
  /// - Complexity: that of the action.
  @discardableResult
  public func performAccessibilityAction(named name: String) -> Bool {
    guard let target = accessibilityTarget(),
      let action = target.list.accessibilityActions(at: target.index, cell: target.cell).first(where: { $0.name == name })
    else { return false }
    let done = action.perform()
    checkInvariants(after: "the accessibility action \"\(name)\"")
    return done
  }

  /// Scrolls a page toward `direction` (VoiceOver's three-finger swipes:
  /// `.down` shows what is below): by the viewport less the headers pinned
  /// over it, and posts ``ListAccessibilityNotification/pageScrolled(_:)``
  /// with what is shown ("Rows 11 to 20 of 120"). The cursor stays.
  /// Returns false, scrolling nothing, at that end or across the list's
  /// scroll direction.
  ///
  /// - Complexity: a layout pass.
  @discardableResult
  public func accessibilityScroll(_ direction: ListAccessibilityScrollDirection) -> Bool {
    scrollAccessibly(direction)
  }

  /// Whether every applied root posts one announcement of what it changed
  /// ("2 items added", "1 item removed, 3 items changed"; none for a root
  /// that changed nothing), and loading more "Loading", "Loaded 30 more".
  /// Items of headers, footers and placeholders are not counted: they
  /// change with the content (a count, "nothing yet"). Default false.
  /// "Moved to 3 of 12" after a move action is announced either way.
  ///
  /// - Complexity: O(1); each applied root then costs O(log *s* + *d*)
  ///   more per change, for *s* leaf sections of depth *d*.
  public var announcesUpdates: Bool {
    get { accessibility.announcesUpdates }
    set { accessibility.setAnnouncesUpdates(newValue) }
  }

  /// Hears every accessibility notification the list posts: the app passes
  /// them to `UIAccessibility.post(notification:argument:)` on a device,
  /// or to its own screen reader support. On the main actor, as a callback:
  /// a root set from it is applied when it returns. Default nil.
  ///
  /// - Complexity: free when nil; otherwise the handler's own work.
  public var accessibilityNotificationHandler: (@MainActor (ListAccessibilityNotification) -> Void)? {
    get { accessibility.handler }
    set { accessibility.handler = newValue }
  }
}

/// One action a person can take on an item, as UIKit's swipe actions:
/// what ``AnyListCellController/leadingActions()`` and
/// ``AnyListCellController/trailingActions()`` return.
///
/// A screen shows the titles (the terminal library as a menu; `ListScreen`
/// lists them) and runs the handler of the one chosen, through
/// ``ListDiffDataSource/performAction(_:for:)``.
public struct ListItemAction {
  /// How an action is presented.
  public enum Style: Hashable, Sendable {
    /// An ordinary action.
    case normal
    /// An action that deletes or discards something (UIKit draws it red).
    case destructive
  }

  /// What the action is called on screen; unique among an item's actions
  /// on one edge, since that is how it is chosen.
  public var title: String
  /// How it is presented.
  public var style: Style
  /// What it does. Runs on the main actor, as a callback: a root it sets
  /// is applied when it returns.
  public var handler: @MainActor () -> Void

  /// Creates an action.
  ///
  /// - Complexity: O(1).
  public init(title: String, style: Style = .normal, handler: @escaping @MainActor () -> Void) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}

/// Which edge of an item its actions come from: UIKit's leading and
/// trailing swipe actions.
public enum ListActionEdge: Hashable, Sendable, CaseIterable {
  /// ``AnyListCellController/leadingActions()``.
  case leading
  /// ``AnyListCellController/trailingActions()``.
  case trailing
}

import ListDiffUI

/// The focused item's actions, open as a menu over the list
/// (``TerminalScreen/actionMenu``): what a swipe shows on a phone.
///
/// ↑ and ↓ move the highlight, Enter performs the highlighted action (the
/// menu closes first, so a root its handler sets is applied after it), Esc
/// or the key that opened it closes it. While it is open it takes every
/// key.
public struct TerminalActionMenu {
  /// The item whose actions these are.
  public let item: ListItemID
  /// Its leading actions, then its trailing ones.
  public let actions: [ListItemAction]
  /// The index of the highlighted action.
  public internal(set) var highlighted = 0

  /// The menu's rows: a box titled "actions" with one row per action, the
  /// highlighted one marked `›`, a destructive one marked `!` after its
  /// title (a frame is plain text, so the mark stands in for UIKit's red),
  /// at most `width` columns wide.
  ///
  /// - Complexity: O(*a* × *w*) for *a* actions.
  public func rows(width: Int) -> [String] {
    rows(width: width, plain: false)
  }

  /// The menu's rows as ``rows(width:)`` draws them, or, when `plain`, as
  /// a screen reader should read them (``TerminalScreen/screenReaderMode``):
  /// "actions", then one action a row, its title alone — no box, no
  /// highlight mark (the terminal's cursor sits on the highlighted row),
  /// no destructive mark — each cut to `width`.
  ///
  /// - Complexity: O(*a* × *w*) for *a* actions.
  public func rows(width: Int, plain: Bool) -> [String] {
    if plain { return (["actions"] + actions.map(\.title)).map { TerminalText.fit($0, width: width) } }
    let labels = actions.map { $0.style == .destructive ? "\($0.title) !" : $0.title }
    // Room for the title, the widest label and its marker, within the window.
    let inner = min(max(8, labels.map { TerminalText.columns($0) }.max() ?? 0) + 2, max(1, width - 2))
    func row(_ text: String) -> String {
      let fitted = TerminalText.fit(text, width: inner)
      return "│" + fitted + String(repeating: " ", count: max(0, inner - TerminalText.columns(fitted))) + "│"
    }
    let top = "┌─ actions " + String(repeating: "─", count: max(0, inner - 10)) + "┐"
    let body = labels.enumerated().map { row(($0.offset == highlighted ? "› " : "  ") + $0.element) }
    let bottom = "└" + String(repeating: "─", count: inner) + "┘"
    return ([top] + body + [bottom]).map { TerminalText.fit($0, width: width) }
  }
}

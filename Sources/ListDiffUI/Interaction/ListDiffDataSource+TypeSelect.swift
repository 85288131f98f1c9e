import Foundation

/// Type-to-select (NSTableView's): typed keys focus the next item whose
/// ``AnyListCellController/typeSelectString`` starts with them.
extension ListDiffDataSource {
  /// Types `character` for type-to-select: keys typed less than a second
  /// apart form a prefix, and the focus goes to the next item whose
  /// controller's ``AnyListCellController/typeSelectString`` starts with
  /// it, ignoring case and diacritics ("em" finds "Émile"). The search
  /// starts after the focus for a new prefix (at the focus when the prefix
  /// grows, so the match stays while it still fits) and wraps around.
  /// Returns whether an item matched; the focus stays otherwise.
  ///
  /// - Complexity: O(*n*) at worst: every item's controller is asked.
  @discardableResult
  public func typeSelect(_ character: Character) -> Bool {
    let (prefix, extends) = features.typeSelect.type(character)
    let needle = Self.typeSelectFolded(prefix)
    let count = list.count
    guard count > 0 else { return false }
    let focus = focusIndex()
    let start = focus.map { extends ? $0 : $0 + 1 } ?? 0
    for offset in 0..<count {
      let index = (start + offset) % count
      let controller = controller(at: index)
      guard let string = controller.typeSelectString, controller.canFocus,
        Self.typeSelectFolded(string).hasPrefix(needle)
      else { continue }
      setFocus(index, reveal: true)
      return true
    }
    return false
  }

  /// `string` as type-to-select compares it: without case or diacritics.
  ///
  /// - Complexity: O(*k*) in its length.
  static func typeSelectFolded(_ string: String) -> String {
    string.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}

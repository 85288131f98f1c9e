import Foundation
import HeadlessCollection
import ListDiff

/// A root flattened and diffed against the list shown, ready to apply.
struct PreparedUpdate: Sendable {
  var list: FlatList
  var result: _DiffChanges
  /// Whether the diff ran leaf by leaf (see
  /// `FlatList.diff(from:minimumAverageLeafCount:)`).
  var diffWasLeafwise: Bool
  /// How much the diff and the search for repeated identities read.
  var reading: DiffReading
  var diagnostics: [ListDiffDiagnostic]
  /// What the root's update carries (see `RootContext`).
  var context: RootContext
  /// How long flattening the root took (the cost of the user's
  /// description, which `listdiff-bench` tells apart from the framework's);
  /// zero unless timed (a performance handler is set).
  var flattenDuration: Duration
  /// How long the diff took; zero unless timed (a performance handler is set).
  var diffDuration: Duration = .zero
}

/// Preparing a root: flattening it and diffing it against the list shown,
/// off the main actor when updates are applied asynchronously. Reads no
/// state but its arguments.
extension PreparedUpdate {
  @concurrent
  static func prepareInBackground(_ context: RootContext, old: FlatList) async -> PreparedUpdate {
    prepare(context, old: old)
  }

  // MARK: Preparing: flatten, diff, drop duplicates

  /// Flattens `context`'s root and diffs it against `old`, dropping repeated
  /// identities (the first occurrence stays). A section whose view-model
  /// array is the one `old` shows is taken from `old` unread
  /// (`Flattener.shownItems`), and skipped by the diff and the search.
  ///
  /// Why the list is searched for repeats only when something was inserted:
  /// `old` never has any, and the diff pairs the first new occurrence of an
  /// identity with its one old occurrence, so every later occurrence is an
  /// insert. An update that inserts nothing (a changed view model, a move,
  /// a delete) thus costs no hashing here at all. The same holds for two
  /// items of different sections that share a ``ListItemID`` (reported,
  /// both kept): a pair can only be new if one of them was inserted.
  ///
  /// - Complexity: O(*s*) in the sections plus O(*n* + *m*) in the items
  ///   of the sections read; when there are inserts, one hash per item of
  ///   those (see `laterOccurrencesOfRepeatedKeys()`), and a second diff,
  ///   of every item, when repeats were found.
  static func prepare(_ context: RootContext, old: FlatList) -> PreparedUpdate {
    let timed = context.timed
    let minimumAverageLeafCount = context.minimumAverageLeafCount
    // The clock is read only when timed: without a performance handler an
    // update reads no clock at all.
    let clock = ContinuousClock()
    let start = timed ? clock.now : nil
    var (new, diagnostics) = Flattener.flatten(context.root, shown: old, expanded: context.expanded)
    let flattened = timed ? clock.now : nil
    var (result, leafwise, reading) = new.diff(from: old, minimumAverageLeafCount: minimumAverageLeafCount)
    if !result.inserts.isEmpty {
      let (duplicates, itemsSearched) = new.laterOccurrencesOfRepeatedKeys()
      reading.itemsCompared += itemsSearched
      if !duplicates.isEmpty {
        for index in duplicates {
          let identifier = new.identifier(at: index)
          let path = new.leaf(ofItem: index).scope.humanPath
          diagnostics.append(
            ListDiffDiagnostic(
              kind: .duplicateIdentifier,
              message:
                "the identifier \"\(identifier)\" appears more than once in section \(path); "
                + "only its first occurrence is shown",
              identifier: identifier, sectionPath: path))
        }
        new = new.removing(duplicates)
        let searchedFirst = reading.itemsCompared
        (result, leafwise, reading) = new.diff(from: old, minimumAverageLeafCount: minimumAverageLeafCount)
        reading.itemsCompared += searchedFirst
      }
      diagnostics += reportSharedItemIDs(in: new, inserted: result.inserts, reading: &reading)
    }
    diagnostics += new.unstableSectionWarnings(from: old, changes: result)
    // The joined changes of a leaf-by-leaf diff too.
    result.checkCountEquation(oldCount: old.count, newCount: new.count)
    var flattenDuration = Duration.zero
    var diffDuration = Duration.zero
    if let start, let flattened {
      flattenDuration = flattened - start
      diffDuration = clock.now - flattened
    }
    return PreparedUpdate(
      list: new, result: result, diffWasLeafwise: leafwise, reading: reading, diagnostics: diagnostics,
      context: context, flattenDuration: flattenDuration, diffDuration: diffDuration)
  }

  /// The warnings for pairs of items of `new` that share a ``ListItemID``
  /// and of which one was inserted (see `FlatList.sharedItemIDs(inserted:)`
  /// for why no other pair can be new); what it read counts as compared.
  ///
  /// - Complexity: that of `FlatList.sharedItemIDs(inserted:)`.
  private static func reportSharedItemIDs(
    in new: FlatList, inserted: [Int], reading: inout DiffReading
  ) -> [ListDiffDiagnostic] {
    let (pairs, itemsRead) = new.sharedItemIDs(inserted: inserted)
    reading.itemsCompared += itemsRead
    return pairs.map { pair in
      let (first, later) = (new.leaf(ofItem: pair.first), new.leaf(ofItem: pair.later))
      let identifier = new.identifier(at: pair.later)
      let names = later.scope.names.map { "\"\($0)\"" }.joined(separator: ", ")
      let places =
        first.scope === later.scope || first.scope.key == later.scope.key
        ? "in section \(later.scope.humanPath), shown by \(first.controllerType) and by \(later.controllerType)"
        : "in sections \(first.scope.humanPath) and \(later.scope.humanPath)"
      return ListDiffDiagnostic(
        kind: .sharedItemID,
        message:
          "two items \(places) share the identity \"\(identifier)\" with section path [\(names)]; both "
          + "are shown, but selecting, focusing or finding that identity reaches the first only: give one "
          + "another identifier or its section an id:",
        identifier: identifier, sectionPath: later.scope.humanPath)
    }
  }
}

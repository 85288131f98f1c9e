/// The checks `fuzzList` makes after every step, by the names its report
/// gives them.
package enum FuzzCheck: String, Equatable, Sendable {
  /// A warning diagnostic of a kind the fuzz does not allow.
  case diagnostic
  /// The screen differs from a new one given the same root at the same place.
  case freshScreen = "fresh screen"
  /// A controller's callbacks break "Lifecycle, precisely".
  case lifecycle
  /// A controller is alive after its item left the list.
  case outlivesItsItem = "outlives its item"
  /// An update configured cells or asked sizes beyond what it changed and shows.
  case work
  /// A rule of pinned headers, selection or the library's own state broke.
  case rules
  /// VoiceOver's model of the screen broke a rule: an element without a
  /// label, an item action it does not offer, a cursor lost or moved
  /// without its item going, reading order that is not the list's, a
  /// header item without `.header`.
  case accessibility
  /// The app's `invariant` closure returned a message.
  case invariant
  /// A change closure threw.
  case change
}

/// The first check a run of steps failed.
package struct FuzzFailure {
  package var check: FuzzCheck
  /// What broke, in a sentence.
  package var message: String
  /// The index of the failing step in the steps run; -1 for the first root.
  package var stepIndex: Int
  /// The screen before the failing step and after it.
  package var before: String
  package var after: String
  /// For `fresh screen`: what a new screen draws there.
  package var fresh: String?
  /// For `accessibility`: what VoiceOver read before the failing step and
  /// after it (`ListScreen.accessibilityText`).
  package var read: (before: String, after: String)?
  /// For `accessibility`, when the elements differ from a new screen's:
  /// what VoiceOver reads there.
  package var freshRead: String?
}

import ListDiffUI

/// What one fuzz is given, shared by the run that draws its steps and
/// every replay that shrinks a failure.
@MainActor
struct FuzzSetup<Model> {
  var model: Model
  var width: Int
  var height: Int
  var applyUpdatesAsync: Bool
  /// Makes the context objects of one screen: called for every screen
  /// the fuzz makes.
  var contextObjects: @MainActor () -> [AnyObject]
  /// Run on every screen the fuzz makes, before its first root.
  var setUp: (@MainActor (ListScreen) -> Void)?
  var changes: [ListFuzzChange<Model>]
  var gestures: ListFuzzGestures
  var allowing: Set<ListDiffDiagnostic.Kind>
  var moved: (@MainActor (inout Model, ListItemMove) -> Void)?
  var root: @MainActor (Model) -> Section?
  var invariant: (@MainActor (Model, ListScreen) -> String?)?

  /// The changes by name.
  var changeByName: [String: ListFuzzChange<Model>] {
    Dictionary(changes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// What is wrong with the setup, in a sentence; nil when a fuzz can run.
  func problem(steps: Int, replaying: Bool) -> String? {
    let largest = CollectionView.maximumTextSize
    if width < 1 || height < 1 || width > largest || height > largest {
      return "a screen of \(width)×\(height) cannot be fuzzed: give a width and a height from 1 to \(largest) "
        + "(what a screen draws as text)"
    }
    if !replaying && steps < 1 {
      return "steps: \(steps): give at least one step"
    }
    if changes.isEmpty && drawableGestures.isEmpty {
      return "nothing to do: give at least one change, or gestures other than expand"
    }
    if let shared = sharedContextObject() {
      return "the contextObjects factory returned the same \(type(of: shared)) instance twice: every screen the fuzz "
        + "makes (the fuzzed one, each new one it is compared with, each replay) needs its own, or state kept in "
        + "it agrees with itself; make the objects inside the closure (contextObjects: { [\(type(of: shared))()] }), "
        + "not before it"
    }
    if let bad = changes.first(where: { !ListFuzzChange<Model>.isValidName($0.name) }) {
      return "the change name \"\(bad.name)\" cannot be written in a replay string: use letters, "
        + "digits and _ - . only"
    }
    var seen = Set<String>()
    if let repeated = changes.first(where: { !seen.insert($0.name).inserted }) {
      return "two changes are named \"\(repeated.name)\": give each change a name of its own"
    }
    if !changes.isEmpty && changes.allSatisfy({ $0.weight == 0 }) && drawableGestures.isEmpty {
      return "every change has weight 0 and there are no gestures: nothing can be drawn"
    }
    return nil
  }

  /// The gestures this setup can draw.
  var drawableGestures: ListFuzzGestures {
    var drawable = gestures.intersection([.scroll, .drag, .tap, .resize, .select, .focus, .carousel, .accessibility])
    if gestures.contains(.move) && moved != nil { drawable.insert(.move) }
    return drawable
  }

  /// An object the context-objects factory returns on two calls, which
  /// two screens would then share; nil when each call makes new ones.
  private func sharedContextObject() -> AnyObject? {
    let first = contextObjects()
    let seen = Set(first.map(ObjectIdentifier.init))
    // The first call's objects live until the second call's are compared:
    // an optimized build would release them after their last use, and a
    // new object may take a released one's address (and identifier).
    return withExtendedLifetime(first) { contextObjects().first { seen.contains(ObjectIdentifier($0)) } }
  }
}

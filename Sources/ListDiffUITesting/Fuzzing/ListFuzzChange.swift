/// One kind of change a user's data can undergo, for ``fuzzList(_:seed:steps:width:height:applyUpdatesAsync:contextObjects:setUp:changes:gestures:allowing:replay:moved:root:invariant:sourceLocation:)``
/// to apply at random: a name, a weight and a closure that changes the
/// app's own model, drawing whatever it needs from the step's
/// ``ListFuzzRandom``.
///
/// ```swift
/// ListFuzzChange("delete", weight: 2) { feed, random in
///   if let index = random.index(of: feed.posts, identifiedBy: \.id) {
///     feed.posts.remove(at: index)
///   }
/// }
/// ```
///
/// The name is how the change is written in a replay string (`delete#12`):
/// a non-empty run of letters, digits and `_ - .`, distinct among a
/// fuzz's changes. A change that cannot apply (deleting from an empty list)
/// should do nothing, as above; one that throws fails the fuzz, which
/// names the step.
public struct ListFuzzChange<Model> {
  /// How the change is written in a report and a replay string.
  public let name: String
  /// How often the change is drawn relative to the others: twice as often
  /// as a change of weight 1 at 2; never at 0 (negative counts as 0).
  public let weight: Int
  let change: (inout Model, inout ListFuzzRandom) throws -> Void

  /// A change named `name`, drawn `weight` times as often as a change of
  /// weight 1, that `change` applies to the model.
  ///
  /// - Complexity: O(1).
  public init(
    _ name: String, weight: Int = 1, _ change: @escaping (inout Model, inout ListFuzzRandom) throws -> Void
  ) {
    self.name = name
    self.weight = max(0, weight)
    self.change = change
  }

  /// Whether `name` can be written in a replay string: one or more of the
  /// ASCII letters and digits and `_`, `-`, `.`.
  static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && name.unicodeScalars.allSatisfy(FuzzStep.isNameScalar)
  }
}

/// An action assistive technology offers on an element beside activating
/// it (VoiceOver's actions rotor): UIKit's `UIAccessibilityCustomAction`,
/// with a name and a handler that returns whether it succeeded.
@MainActor
public struct AccessibilityCustomAction {
  /// What the action is called, as it is read.
  public var name: String
  /// Runs the action; whether it succeeded.
  public var handler: @MainActor () -> Bool

  /// An action called `name` that runs `handler`.
  ///
  /// - Complexity: O(1).
  public init(name: String, handler: @escaping @MainActor () -> Bool) {
    self.name = name
    self.handler = handler
  }
}

import Foundation

/// Where the store gets the current time.
///
/// Injected so that tests and scripted runs produce the same dates every
/// time; the app uses ``system`` unless told otherwise.
public struct ToDoClock: Sendable {
  /// Returns the current time. Called once per added item.
  public var now: @Sendable () -> Date

  /// A clock reading `now`. O(1).
  public init(now: @escaping @Sendable () -> Date) {
    self.now = now
  }

  /// The wall clock.
  public static let system = ToDoClock { Date() }

  /// A clock that always reads `date`. O(1).
  public static func fixed(_ date: Date) -> ToDoClock {
    ToDoClock { date }
  }
}

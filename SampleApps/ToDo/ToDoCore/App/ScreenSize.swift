import ListDiffUITerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The screen's width in character cells.
public enum ScreenWidth {
  /// The narrowest and widest screens drawn; a width outside is clamped.
  public static let range = 20...1_000
  /// The width when nothing says otherwise.
  public static let fallback = 80

  /// `COLUMNS` when it holds a positive number; else the width of the
  /// terminal on standard output, if there is one; else 80. Clamped to
  /// ``range``. O(1).
  public static func resolve(environment: [String: String], terminalWidth: () -> Int? = terminalColumns) -> Int {
    let width = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
      ?? terminalWidth() ?? fallback
    return min(max(width, range.lowerBound), range.upperBound)
  }

  /// The column count of the terminal on standard output, or `nil` when
  /// standard output is not a terminal, as the terminal library reads it.
  /// O(1).
  public static func terminalColumns() -> Int? {
    RawTerminal.size(ofTerminal: STDOUT_FILENO)?.width
  }
}

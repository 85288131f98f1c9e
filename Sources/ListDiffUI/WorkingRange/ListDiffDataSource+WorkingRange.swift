import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// The working range: controllers of items near the viewport hear
/// `willEnterWorkingRange` and `didExitWorkingRange`, derived after every
/// layout pass (see `WorkingRangeTracker` for the rules).
extension ListDiffDataSource {
  /// How many items beyond each edge of the viewport are in the working
  /// range, IGListKit's `workingRangeSize`: the controllers of the visible
  /// items and of this many items before the first and after the last hear
  /// ``AnyListCellController/willEnterWorkingRange()`` once on entering the
  /// range and ``AnyListCellController/didExitWorkingRange()`` once on
  /// leaving it (scrolled away, deleted, or the range made smaller), in
  /// viewport order: every entering controller first, top to bottom, then
  /// every exiting one. Only the controllers of items in range are created
  /// for it.
  ///
  /// Zero (the default) turns the range off: no controller hears either
  /// hook. (IGListKit still tells the visible section controllers at zero.)
  /// A negative size is reported as a ``ListDiffDiagnostic/Kind/invalidWorkingRangeSize``
  /// diagnostic and treated as zero. Setting it derives the range at once.
  ///
  /// - Complexity: free at zero. Otherwise O(*v* + 2 × `workingRangeSize`)
  ///   per layout pass, plus the hooks.
  public var workingRangeSize: Int {
    get { features.workingRange.tracker.size }
    set {
      if newValue < 0 {
        report(
          ListDiffDiagnostic(
            kind: .invalidWorkingRangeSize,
            message: "workingRangeSize must not be negative (was set to \(newValue)); using 0"))
      }
      features.workingRange.setSize(max(0, newValue))
    }
  }
}

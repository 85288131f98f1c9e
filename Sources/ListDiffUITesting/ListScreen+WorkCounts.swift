import ListDiffUI

extension ListScreen {
  /// The work the last root applied did — its diff's changes, controllers
  /// created and released, size requests, cells configured, mounted and
  /// unmounted, through the layout that followed — counted, so the same on
  /// every machine: `#expect(screen.lastUpdate.sizeRequests <= 1)`. All
  /// zero before the first root. A root a gesture set is counted here too.
  ///
  /// - Complexity: O(1).
  public var lastUpdate: ListWorkCounts {
    dataSource.inspection.lastUpdateCounts ?? ListWorkCounts()
  }

  /// The work the last ``tap(identifier:sectionPath:sourceLocation:)``,
  /// ``scroll(by:sourceLocation:)``,
  /// ``scroll(toIdentifier:sectionPath:at:sourceLocation:)``,
  /// ``drag(by:velocity:sourceLocation:)``,
  /// ``resize(width:height:sourceLocation:)`` or VoiceOver step
  /// (``moveAccessibilityFocus(_:sourceLocation:)`` and the others) made
  /// the data source do, from
  /// the gesture to its last layout pass: cells configured, mounted and
  /// unmounted as items came and went, size requests, controllers created
  /// (and any root the gesture set). Its change counts stay zero; its item
  /// counts are those before and after. All zero before the first gesture.
  ///
  /// - Complexity: O(1).
  public var lastGesture: ListWorkCounts { lastGestureCounts }
}

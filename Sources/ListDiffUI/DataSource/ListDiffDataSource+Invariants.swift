import HeadlessCollection

extension ListDiffDataSource {
  /// The invariants of the data source's parts once a root is applied:
  /// the list shown, the controller store and mount links, the appearance
  /// tracker, the scheduler, the working range, the selection and focus,
  /// the deferred sizes and the drag's moves. Empty when all hold. Package access: the tests plant
  /// broken states and read what is named.
  ///
  /// - Complexity: O(*s* + *c*) in leaves and live controllers, plus O(*n*)
  ///   in the items when the controllers' index is built or the list is
  ///   held as arrays.
  package func invariantViolations() -> [InvariantViolation] {
    var violations = list.invariantViolations()
    violations += controllers.invariantViolations(host: self, keys: list.keys)
    violations += appearance.invariantViolations()
    violations += scheduler.invariantViolationsBetweenRoots()
    violations += workingRange.invariantViolations(controllers: controllers.all)
    violations += interaction.invariantViolations(shown: indexes(of: interaction.identities))
    violations += loadMore.invariantViolations(enabled: loadMoreEdges)
    violations += outlineExpansion.invariantViolations(
      shownExpanded: list.expandedOutlineRows,
      stalePaths: Set(list.outlines.filter(\.isStale).map(\.sectionPath)))
    var check = InvariantChecker("ListDiffDataSource")
    check.expect(movedWhilePreparing.isEmpty, "moves are kept only while a root is prepared")
    check.expect(
      deferredInvalidations.allSatisfy { controllers.isLive($0) }, "a deferred size belongs to a live controller")
    return violations + check.violations
  }

  /// Breaks one rule on purpose, on a data source showing items with a
  /// controller. Not API: the tests of the checks use it, and nothing may
  /// apply a root afterwards with checks on.
  ///
  /// - Parameter controller: for `.deferredSizeOfGoneController`, a
  ///   controller that this data source does not hold.
  package func plant(_ defect: PlantedDataSourceDefect, controller: AnyListCellController? = nil) {
    switch defect {
    case .moveKeptBetweenRoots:
      movedWhilePreparing.append(list.key(at: 0))
    case .deferredSizeOfGoneController:
      if let controller { deferredInvalidations.append(controller) }
    case .workingRangeFlagWithoutMembership:
      if let controller = controllers.all.first {
        workingRange.enter(controller)
        workingRange.forget(controller)
      }
    case .selectionOfGoneItem:
      _ = interaction.setSelection([ListItemID(identifier: "\u{0}gone", sectionPath: ["\u{0}gone"])])
    case .expansionOfRowNotShown:
      outlineExpansion.plantShownRow(ListItemID(identifier: "\u{0}gone", sectionPath: ["\u{0}gone"]))
    case .pinnedBlockBeyondItems:
      let end = list.count
      list.pinnedHeaders.append(PinnedItemRange(header: end..<end + 1, section: end..<end + 2, level: 0))
    }
  }
}

/// A broken state the tests plant in a data source, one rule each, to see
/// that its check names the part and the rule. Not API.
package enum PlantedDataSourceDefect: CaseIterable, Sendable {
  /// A drag's move kept after the root it was kept for.
  case moveKeptBetweenRoots
  /// A deferred size change of a controller the data source does not hold.
  case deferredSizeOfGoneController
  /// A controller flagged in the working range that the tracker does not list.
  case workingRangeFlagWithoutMembership
  /// A pinned header block beyond the list's items.
  case pinnedBlockBeyondItems
  /// A selected identity that names no item shown.
  case selectionOfGoneItem
  /// An outline row taken as shown expanded that the list does not show.
  case expansionOfRowNotShown

  /// The rule the check names for it: the part, then the rule.
  package var brokenRule: InvariantViolation {
    switch self {
    case .moveKeptBetweenRoots:
      InvariantViolation("ListDiffDataSource", "moves are kept only while a root is prepared")
    case .deferredSizeOfGoneController:
      InvariantViolation("ListDiffDataSource", "a deferred size belongs to a live controller")
    case .workingRangeFlagWithoutMembership:
      InvariantViolation("WorkingRangeTracker", "members holds every controller in the working range")
    case .pinnedBlockBeyondItems:
      InvariantViolation("FlatList", "a pinned header block lies within its section, within the items")
    case .selectionOfGoneItem:
      InvariantViolation("ItemInteraction", "every selected identity names an item shown")
    case .expansionOfRowNotShown:
      InvariantViolation("OutlineExpansion", "shown holds exactly the rows shown expanded")
    }
  }
}

import HeadlessCollection

/// The cell classes a data source has dequeued, each with the reuse
/// identifier it was registered under with the collection view.
///
/// Kept on the data source rather than on its adapter: the collection view
/// holds the adapter weakly, which gave the adapter the runtime's side
/// table, so that reading it from the data source retained and released it
/// down the slow path at every cell a scroll asked for.
///
/// Invariants: every identifier here was registered with the collection
/// view for its class when it was added (by `identifier(of:in:)`, the one
/// writer); `last`, when set, is one of the entries. One class, one
/// identifier (its qualified name, `ListCell.reuseIdentifier(for:)`).
@MainActor
struct CellClasses {
  /// The identifier of each class dequeued, by class (a class's metadata
  /// lives as long as the program): made once per class, since
  /// `String(reflecting:)` reflects on the type, which cost more than the
  /// rest of a dequeue.
  private var identifiers: [ObjectIdentifier: String] = [:]
  /// The class last asked for and its identifier: a scroll dequeues one
  /// class over and over, and comparing it with the last spares hashing it.
  private var last: (cellClass: ObjectIdentifier, identifier: String)?

  /// The reuse identifier of `cellClass`, registered with `collectionView`
  /// the first time the class is asked for.
  ///
  /// - Complexity: O(1) expected.
  mutating func identifier(of cellClass: ListCell.Type, in collectionView: CollectionView) -> String {
    let key = ObjectIdentifier(cellClass)
    if let last, last.cellClass == key { return last.identifier }
    if let identifier = identifiers[key] {
      last = (key, identifier)
      return identifier
    }
    let identifier = ListCell.reuseIdentifier(for: cellClass)
    identifiers[key] = identifier
    last = (key, identifier)
    collectionView.register(cellClass, forCellWithReuseIdentifier: identifier)
    return identifier
  }
}

extension CellClasses: DataSourcePart {
  /// The rule that can be checked from here: the class last asked for is
  /// one of the entries, under the same identifier.
  ///
  /// - Complexity: O(1).
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("CellClasses")
    if let last {
      check.expect(identifiers[last.cellClass] == last.identifier, "the class last asked for is an entry")
    }
    return check.violations
  }
}

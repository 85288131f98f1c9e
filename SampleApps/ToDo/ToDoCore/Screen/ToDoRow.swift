import ListDiff

/// One cell of the screen as the data source sees it: a view model and the
/// ids of the sections around it, which together make its identity.
///
/// Diffing two lists of rows with `listDiff` gives the same result as the
/// data source's own diff of the flattened root sections, because identity
/// (section path, identifier and kind of cell) and equality (the view
/// model's `==`) are the same; the app uses it to print the batch each
/// update applied.
public struct ToDoRow: ListDiffable, Equatable, Sendable {
  /// A row's view model.
  public enum Model: Equatable, Sendable {
    /// A header, title, placeholder or footer.
    case label(ToDoLabelViewModel)
    /// An item.
    case item(ToDoItemViewModel)
  }

  /// The explicit ids of the sections holding the row, outermost first, as
  /// `ListDiffDataSource.indexPath(forIdentifier:sectionPath:)` takes them.
  public var sectionPath: [String]
  /// The row's view model.
  public var model: Model

  /// A row. O(1).
  public init(sectionPath: [String], model: Model) {
    self.sectionPath = sectionPath
    self.model = model
  }

  /// The view model's identifier.
  public var identifier: String {
    switch model {
    case .label(let label): label.identifier
    case .item(let item): item.identifier
    }
  }

  /// Section path, kind of cell and identifier, length-prefixed so that no
  /// identifier can imitate another path. O(path length).
  public var diffIdentifier: String {
    let kind = if case .item = model { "item" } else { "label" }
    return (sectionPath + [kind, identifier]).map { "\($0.utf8.count):\($0)" }.joined()
  }
}

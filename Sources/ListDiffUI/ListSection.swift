/// A section of cells of one kind: one view model per model, each shown by a
/// controller of type `ListCellControllerType`.
///
/// `transform` maps each model to its view model, or to nil to leave the model
/// out (reported once per section as ``ListDiffDiagnostic/Kind/droppedModels``).
/// It runs when the section is created. View-model identifiers must be unique
/// within the section; a repeated one is reported and only its first
/// occurrence shown.
///
/// ```swift
/// ListSection<Todo, TodoController>(todos, id: "open", delegate: WeakAnyObject(object: self)) {
///   TodoViewModel(todo: $0)
/// }
/// ListSection<TodoViewModel, TodoController>(viewModels)   // models already view models
/// ```
public final class ListSection<
  T,
  ListCellControllerType: AnyListCellController & ListCellControllerViewModelProviding
>: Section, @unchecked Sendable {
  /// The view-model type of the section's controllers.
  public typealias ViewModel = ListCellControllerType.ListViewModelType

  let viewModels: [ViewModel]
  let delegate: WeakAnyObject
  /// How many models `transform` dropped.
  let droppedCount: Int

  init(viewModels: [ViewModel], droppedCount: Int, id: String?, delegate: WeakAnyObject) {
    self.viewModels = viewModels
    self.droppedCount = droppedCount
    self.delegate = delegate
    super.init(id: id, itemCapacity: viewModels.count)
  }

  /// A section showing `transform(model)` for every model, in order, skipping
  /// models for which it returns nil. `delegate` is handed, weakly, to every
  /// controller the section creates.
  ///
  /// - Complexity: O(*n*) calls of `transform`.
  public convenience init(
    _ models: [T], id: String? = nil, delegate: WeakAnyObject = .none,
    transform: (T) -> ViewModel?
  ) {
    var viewModels: [ViewModel] = []
    viewModels.reserveCapacity(models.count)
    for model in models {
      if let viewModel = transform(model) { viewModels.append(viewModel) }
    }
    self.init(
      viewModels: viewModels, droppedCount: models.count - viewModels.count, id: id,
      delegate: delegate)
  }

  /// The same section, with `delegate` given before `id`.
  ///
  /// - Complexity: O(*n*) calls of `transform`.
  public convenience init(
    _ models: [T], delegate: WeakAnyObject, id: String?, transform: (T) -> ViewModel?
  ) {
    self.init(models, id: id, delegate: delegate, transform: transform)
  }

  /// A section of the single cell `transform(model)` (empty if it is nil).
  ///
  /// - Complexity: one call of `transform`.
  public convenience init(
    _ model: T, id: String? = nil, delegate: WeakAnyObject = .none,
    transform: (T) -> ViewModel?
  ) {
    self.init([model], id: id, delegate: delegate, transform: transform)
  }

  /// The same single-cell section, with `delegate` given before `id`.
  ///
  /// - Complexity: one call of `transform`.
  public convenience init(
    _ model: T, delegate: WeakAnyObject, id: String?, transform: (T) -> ViewModel?
  ) {
    self.init([model], id: id, delegate: delegate, transform: transform)
  }

  override func flatten(into flattener: inout Flattener, scope: SectionScope) {
    let leaf = flattener.list.leaves.count
    flattener.list.leaves.append(
      ListLeaf(scope: scope, controllerType: ListCellControllerType.self, delegate: delegate))
    let controllerType = ObjectIdentifier(ListCellControllerType.self)
    let scopeKey = scope.key
    var emptyCount = 0
    for viewModel in viewModels {
      let identifier = viewModel.identifier
      if identifier.isEmpty { emptyCount += 1 }
      flattener.list.items.append(
        ListItem(
          key: ListItemKey(identifier: identifier, scope: scopeKey, controllerType: controllerType),
          viewModel: viewModel, leaf: leaf))
    }
    if droppedCount > 0 {
      flattener.diagnostics.append(
        ListDiffDiagnostic(
          kind: .droppedModels,
          message:
            "the transform of section \(scope.humanPath) returned nil for \(droppedCount) of "
            + "\(droppedCount + viewModels.count) models; they are not shown",
          sectionPath: scope.humanPath))
    }
    if emptyCount > 0 {
      flattener.diagnostics.append(
        ListDiffDiagnostic(
          kind: .emptyIdentifier,
          message:
            "\(emptyCount) view model(s) of type \(ViewModel.self) in section \(scope.humanPath) "
            + "have an empty identifier; they are shown, but an empty identifier is probably a mistake",
          identifier: "", sectionPath: scope.humanPath))
    }
  }
}

extension ListSection where T == ListCellControllerType.ListViewModelType {
  /// A section showing `models`, which already are view models, in order.
  ///
  /// - Complexity: O(1): the array is shared, not copied.
  public convenience init(_ models: [T], id: String? = nil, delegate: WeakAnyObject = .none) {
    self.init(viewModels: models, droppedCount: 0, id: id, delegate: delegate)
  }

  /// The same section, with `delegate` given before `id`.
  ///
  /// - Complexity: O(1).
  public convenience init(_ models: [T], delegate: WeakAnyObject, id: String?) {
    self.init(viewModels: models, droppedCount: 0, id: id, delegate: delegate)
  }

  /// A section of the single cell showing `model`.
  ///
  /// - Complexity: O(1).
  public convenience init(_ model: T, id: String? = nil, delegate: WeakAnyObject = .none) {
    self.init(viewModels: [model], droppedCount: 0, id: id, delegate: delegate)
  }

  /// The same single-cell section, with `delegate` given before `id`.
  ///
  /// - Complexity: O(1).
  public convenience init(_ model: T, delegate: WeakAnyObject, id: String?) {
    self.init(viewModels: [model], droppedCount: 0, id: id, delegate: delegate)
  }
}

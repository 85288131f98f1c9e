/// A section of cells of one kind: one view model per model, each shown by a
/// controller of type `ListCellControllerType`.
///
/// `transform` maps each model to its view model, or to nil to leave the model
/// out — ListDiffUI's way of showing a cell only sometimes
/// (`isLoading ? SpinnerViewModel() : nil`). Leaving models out is silent by
/// default: a ``ListDiffDiagnostic/Kind/droppedModels`` note reaches a custom
/// ``ListDiffDataSource/diagnosticHandler`` only. The section keeps its models
/// and its `@Sendable` transform, and the transform runs when the root is
/// flattened: on the data source's background task with
/// `applyUpdatesAsync: true`, on the main actor otherwise. View-model
/// identifiers must be unique within the section; a repeated one is reported
/// and only its first occurrence shown.
///
/// A section made from view models (no transform) whose array is the very
/// array a section of the list shown was made from — the same storage, as
/// an app's unchanged state hands it over again — is not flattened again:
/// its items are taken from the list shown, and a root made only of such
/// sections, in the same order, costs O(*s*) in its sections to flatten.
/// (Shared storage cannot have changed: arrays copy before they write. View
/// models that are class instances are always flattened anew.)
///
/// ```swift
/// ListSection<Todo, TodoController>(
///   todos, id: "open", delegate: WeakAnyObject(object: self)
/// ) {
///   TodoViewModel(todo: $0)
/// }
/// // Models that are already view models need no transform:
/// ListSection<TodoViewModel, TodoController>(viewModels)
/// ```
///
/// Four initializers, for many models or one, made into view models by a
/// transform or given as view models; each takes `id:` then `delegate:`,
/// both optional. Without `id:` they are ListDiffUI's four spellings,
/// `(models, delegate:, transform:)`, `(model, delegate:, transform:)`,
/// `(models, delegate:)` and `(model, delegate:)`, so ported sections
/// compile unchanged.
public final class ListSection<
  T,
  ListCellControllerType: AnyListCellController & _ListCellControllerViewModelProviding
>: Section, @unchecked Sendable {
  /// The view-model type of the section's controllers.
  public typealias ViewModel = ListCellControllerType.ListViewModelType

  /// Where the view models come from: given as they are, or made from models
  /// by a transform when the root is flattened.
  @usableFromInline
  enum Content: Sendable {
    case viewModels([ViewModel])
    /// `count` models, which `make` turns into view models (some models may
    /// make none).
    case transformed(count: Int, make: @Sendable () -> [ViewModel])
  }

  let content: Content
  let delegate: WeakAnyObject
  /// Appends the section's items when it is flattened: made by the public
  /// initializers, which are inlinable so that this is specialized for
  /// `ViewModel` in the module that knows it (see `LeafItemAppending`).
  let appendItems: LeafItemAppender<ViewModel>

  @usableFromInline
  init(
    content: Content, id: String?, delegate: WeakAnyObject,
    appendItems: @escaping LeafItemAppender<ViewModel>
  ) {
    self.content = content
    self.delegate = delegate
    self.appendItems = appendItems
    let capacity: Int
    switch content {
    case .viewModels(let viewModels): capacity = viewModels.count
    case .transformed(let count, _): capacity = count
    }
    super.init(id: id, itemCapacity: capacity)
  }

  /// A section showing `transform(model)` for every model, in order, skipping
  /// models for which it returns nil. `delegate` is handed, weakly, to every
  /// controller the section creates. The transform runs when the root is
  /// flattened, once per model per root.
  ///
  /// - Complexity: O(1) here; O(*n*) calls of `transform` when flattened.
  @inlinable
  public convenience init(
    _ models: [T], id: String? = nil, delegate: WeakAnyObject = .none,
    transform: @escaping @Sendable (T) -> ViewModel?
  ) where T: Sendable {
    self.init(
      content: .transformed(count: models.count) { models.compactMap(transform) },
      id: id, delegate: delegate, appendItems: LeafItemAppending.appender(for: ViewModel.self))
  }

  /// A section of the single cell `transform(model)` (empty if it is nil).
  ///
  /// - Complexity: O(1) here; one call of `transform` when flattened.
  @inlinable
  public convenience init(
    _ model: T, id: String? = nil, delegate: WeakAnyObject = .none,
    transform: @escaping @Sendable (T) -> ViewModel?
  ) where T: Sendable {
    self.init([model], id: id, delegate: delegate, transform: transform)
  }

  override func flatten(into flattener: inout Flattener, scope: SectionScope) {
    let modelCount: Int
    let viewModels: [ViewModel]
    let isGiven: Bool
    switch content {
    case .viewModels(let given):
      modelCount = given.count
      viewModels = given
      isGiven = true
    case .transformed(let count, let make):
      modelCount = count
      viewModels = make()
      isGiven = false
    }
    var leaf = ListLeaf(scope: scope, controllerType: ListCellControllerType.self, delegate: delegate)
    let emptyCount: Int
    // Given view models (not a transform, which may answer differently each
    // time) in the very storage a leaf of the list shown was made from are
    // taken from that list instead of being flattened again.
    let source = isGiven ? LeafSource.of(viewModels) : nil
    if let source {
      leaf.source = LeafSource(
        models: viewModels, address: source.address, count: source.count, emptyCount: 0)
    }
    if let reusedEmptyCount = flattener.reuseLeaf(leaf) {
      emptyCount = reusedEmptyCount
    } else {
      flattener.beginLeaf(leaf)
      emptyCount = flattener.appendItems(
        viewModels, scope: scope.key, controllerType: ObjectIdentifier(ListCellControllerType.self),
        using: appendItems)
      if let source, emptyCount > 0 {
        flattener.list.setSourceOfLastLeaf(
          LeafSource(
            models: viewModels, address: source.address, count: source.count, emptyCount: emptyCount))
      }
    }
    flattener.reportDroppedModels(
      modelCount - viewModels.count, of: modelCount, by: "section", scope: scope)
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
  @inlinable
  public convenience init(_ models: [T], id: String? = nil, delegate: WeakAnyObject = .none) {
    self.init(
      content: .viewModels(models), id: id, delegate: delegate,
      appendItems: LeafItemAppending.appender(for: T.self))
  }

  /// A section of the single cell showing `model`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public convenience init(_ model: T, id: String? = nil, delegate: WeakAnyObject = .none) {
    self.init([model], id: id, delegate: delegate)
  }
}

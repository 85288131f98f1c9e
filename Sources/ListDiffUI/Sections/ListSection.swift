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
/// The data source keeps the section's view-model array as it is (shared,
/// not copied), so a section made from view models costs O(1) to flatten
/// however many it has, besides one read of each identifier (to report empty
/// ones). A section made from the very array on screen (the same storage:
/// an array your code did not change), with the same id and cell type, is
/// not read at all: nothing in it changed (view models that are classes
/// excepted, which are always read). When the sections of the next root
/// have the same ids and cell types as the list shown, in the same order
/// (and those read hold eight items or more on average), each is diffed
/// against its counterpart on the two arrays themselves. Each
/// `identifier` is read once when the root is flattened; short identifiers
/// (up to 15 bytes) and computed ones are kept from that read, long stored
/// ones are read again in place by the diff.
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
  /// The per-item work on the section's view models: made by the public
  /// initializers, which are inlinable so that it is specialized for
  /// `ViewModel` in the module that knows it (see `LeafOperations`).
  let operations: LeafOperations<ViewModel>
  /// Where the array of view models given (`.viewModels`) starts, as a bit
  /// pattern, and its count; nil for a transform and for view models that
  /// are classes. Taken once, by the inlinable initializer that knows the
  /// view-model type, so that `flatten` tells an untouched section without
  /// reading its content (unspecialized, a read of `content` looks up its
  /// type's metadata). The array is immutable and this section keeps it
  /// alive, so no other array starts there meanwhile.
  private let givenArray: (address: UInt, count: Int)?

  @usableFromInline
  init(
    content: Content, id: String?, delegate: WeakAnyObject, operations: LeafOperations<ViewModel>,
    givenArray: (address: UInt, count: Int)? = nil
  ) {
    self.content = content
    self.delegate = delegate
    self.operations = operations
    self.givenArray = givenArray
    super.init(id: id)
  }

  /// What `givenArray` holds for `viewModels`, given as they are.
  ///
  /// - Complexity: O(1).
  @inlinable
  static func givenArray(_ viewModels: [ViewModel], operations: LeafOperations<ViewModel>) -> (
    address: UInt, count: Int
  )? {
    guard operations.viewModelsAreValues else { return nil }
    return (UInt(bitPattern: operations.elementsAddress(viewModels)), viewModels.count)
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
      id: id, delegate: delegate, operations: .make(for: ViewModel.self))
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
    // Made where it is handed over (`consume`): a leaf kept in a binding
    // past the call is copied into the list, two references counted twice.
    var leaf: ListLeaf { ListLeaf(scope: scope, controllerType: ListCellControllerType.self, delegate: delegate) }
    let modelCount: Int
    let viewModels: [ViewModel]
    // Untouched since the list shown: its items are taken as they are,
    // unread. (A transform's output cannot be known unchanged without
    // running it, so transformed sections are always read.)
    if let givenArray, let shown = flattener.shownItems(scope: scope, controllerType: ListCellControllerType.self),
      shown.holdsArray(at: givenArray.address, count: givenArray.count)
    {
      let emptyIdentifierCount = shown.emptyIdentifierCount
      flattener.appendLeaf(leaf, items: consume shown, untouched: true)
      flattener.reportEmptyIdentifiers(emptyIdentifierCount, of: ViewModel.self, in: "section", scope: scope)
      return
    }
    switch content {
    case .viewModels(let given):
      modelCount = given.count
      viewModels = given
    case .transformed(let count, let make):
      modelCount = count
      viewModels = make()
    }
    let scan = operations.scanIdentifiers(viewModels)
    flattener.appendLeaf(
      leaf,
      items: TypedLeafItems(
        viewModels: viewModels, identifiers: scan.identifiers, operations: operations,
        emptyIdentifierCount: scan.emptyCount))
    flattener.reportDroppedModels(
      modelCount - viewModels.count, of: modelCount, by: "section", scope: scope)
    flattener.reportEmptyIdentifiers(scan.emptyCount, of: ViewModel.self, in: "section", scope: scope)
  }
}

extension ListSection where T == ListCellControllerType.ListViewModelType {
  /// A section showing `models`, which already are view models, in order.
  ///
  /// - Complexity: O(1): the array is shared, not copied.
  @inlinable
  public convenience init(_ models: [T], id: String? = nil, delegate: WeakAnyObject = .none) {
    let operations = LeafOperations<T>.make(for: T.self)
    self.init(
      content: .viewModels(models), id: id, delegate: delegate, operations: operations,
      givenArray: Self.givenArray(models, operations: operations))
  }

  /// A section of the single cell showing `model`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public convenience init(_ model: T, id: String? = nil, delegate: WeakAnyObject = .none) {
    self.init([model], id: id, delegate: delegate)
  }
}

/// A section per model, for heterogeneous content: `transform` turns each
/// model into any section (or nil for nothing).
///
/// Each model's items are scoped by the model's identifier, so removing or
/// reordering models keeps the other models' controllers and view state, and
/// two models may produce items with the same view-model identifiers. Models
/// sharing an identifier share a scope: an item identifier repeated across
/// them is shown once (the first) and reported.
///
/// ```swift
/// ListRenderSection(posts) { post in
///   CompositeSection(
///     ListSection<Post, HeaderController>(post) {
///       HeaderViewModel(post: $0)
///     },
///     post.hasImage
///       ? ListSection<Post, ImageController>(post) {
///         ImageViewModel(post: $0)
///       }
///       : nil)
/// }
/// ```
public final class ListRenderSection<T: ListIdentifiable & Sendable>: Section, @unchecked Sendable {
  let models: [T]
  let transform: @Sendable (T) -> Section?

  /// A section per model, in order: `transform(model)`, skipping nils. The
  /// transform runs when the root is flattened (on the data source's
  /// background task with `applyUpdatesAsync: true`), once per model per
  /// root; models it returns nil for are left out silently (a
  /// ``ListDiffDiagnostic/Kind/droppedModels`` note).
  ///
  /// - Complexity: O(1) here; O(*n*) calls of `transform` when flattened.
  public init(_ models: [T], id: String? = nil, transform: @escaping @Sendable (T) -> Section?) {
    self.models = models
    self.transform = transform
    super.init(id: id)
  }

  override func flatten(into flattener: inout Flattener, scope: SectionScope) {
    var droppedCount = 0
    // Models may repeat an identifier, and so a scope; not searched for here
    // (it would cost a hash per model every root), only assumed.
    if models.count > 1 { flattener.scopesMayRepeat = true }
    for model in models {
      guard let section = transform(model) else {
        droppedCount += 1
        continue
      }
      let modelScope = flattener.scope(.model(model.identifier), under: scope)
      let childScope = section.id.map { flattener.scope(.id($0), under: modelScope) } ?? modelScope
      section.flatten(into: &flattener, scope: childScope)
    }
    flattener.reportDroppedModels(droppedCount, of: models.count, by: "render section", scope: scope)
  }
}

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
///     ListSection<Post, HeaderController>(post) { HeaderViewModel(post: $0) },
///     post.hasImage ? ListSection<Post, ImageController>(post) { ImageViewModel(post: $0) } : nil)
/// }
/// ```
public final class ListRenderSection<T: ListIdentifiable>: Section, @unchecked Sendable {
  let children: [(identifier: String, section: Section)]
  /// How many models `transform` returned nil for.
  let droppedCount: Int

  /// A section per model, in order: `transform(model)`, skipping nils. The
  /// transform runs here, once per model.
  ///
  /// - Complexity: O(*n*) calls of `transform`.
  public init(_ models: [T], id: String? = nil, transform: (T) -> Section?) {
    var children: [(identifier: String, section: Section)] = []
    children.reserveCapacity(models.count)
    var capacity = 0
    for model in models {
      guard let section = transform(model) else { continue }
      children.append((model.identifier, section))
      capacity += section.itemCapacity
    }
    self.children = children
    self.droppedCount = models.count - children.count
    super.init(id: id, itemCapacity: capacity)
  }

  override func flatten(into flattener: inout Flattener, scope: SectionScope) {
    for child in children {
      let modelScope = scope.child(.model(child.identifier))
      let childScope = child.section.id.map { modelScope.child(.id($0)) } ?? modelScope
      child.section.flatten(into: &flattener, scope: childScope)
    }
    if droppedCount > 0 {
      flattener.diagnostics.append(
        ListDiffDiagnostic(
          kind: .droppedModels,
          message:
            "the transform of render section \(scope.humanPath) returned nil for \(droppedCount) of "
            + "\(droppedCount + children.count) models; they are not shown",
          sectionPath: scope.humanPath))
    }
  }
}

/// A section made of other sections, shown one after another.
///
/// Children without an `id:` are scoped by their position, so two children
/// may hold the same view-model identifiers; give a child an `id:` to keep
/// its items' identities when siblings come and go around it. A `nil` child
/// shows nothing but keeps its position, so an optional section does not
/// shift the identities of the children after it.
///
/// ```swift
/// CompositeSection(
///   header, ListSection<Todo, TodoController>(open, id: "open"), footer)
///
/// CompositeSection {
///   header
///   if showDone {
///     ListSection<Todo, TodoController>(done, id: "done")
///   }
///   footer
/// }
/// ```
///
/// A composite may have a header and a footer: sections shown before and
/// after its children, whose items are ordinary items (controllers, view
/// state, the whole lifecycle) scoped under the composite apart from its
/// children, so a header item and a child item may share an identifier.
///
/// ```swift
/// let title = ListSection<Title, TitleController>(Title("Done"))
/// CompositeSection(id: "done", header: title) {
///   ListSection<Todo, TodoController>(done)
/// }
/// ```
public final class CompositeSection: Section, @unchecked Sendable {
  let children: [Section?]
  /// Shown before the children, in a scope of its own.
  let header: Section?
  /// Shown after the children, in a scope of its own.
  let footer: Section?
  /// Whether the header block pins to the top of the viewport.
  let pinsHeader: Bool
  /// Shown in place of the children while they have no items, in a scope
  /// of its own.
  let placeholder: Section?

  /// Composes `sections` in order; `nil` entries are skipped but keep their
  /// position.
  ///
  /// - Complexity: O(*k*), *k* the number of sections.
  public init(_ sections: Section?..., id: String? = nil) {
    children = sections
    header = nil
    footer = nil
    pinsHeader = false
    placeholder = nil
    super.init(id: id)
  }

  /// Composes `sections` in order, with the id first: `CompositeSection(id: "x", a, b)`.
  ///
  /// - Complexity: O(*k*), *k* the number of sections.
  public init(id: String?, _ sections: Section?...) {
    children = sections
    header = nil
    footer = nil
    pinsHeader = false
    placeholder = nil
    super.init(id: id)
  }

  /// Composes an array of sections in order.
  ///
  /// - Complexity: O(*k*), *k* the number of sections.
  public init(_ sections: [Section?], id: String? = nil) {
    children = sections
    header = nil
    footer = nil
    pinsHeader = false
    placeholder = nil
    super.init(id: id)
  }

  /// Composes the sections a builder lists, with `if`, `if`/`else`, `switch`
  /// and `for` inside it. Each plain section in the list is one child; each
  /// `if`, `switch` or `for` is one child too (a group of what it produced),
  /// so sections after a condition keep their positions whichever way it goes.
  ///
  /// - Complexity: O(*k*), *k* the number of sections listed.
  public init(id: String? = nil, @SectionBuilder _ content: () -> [Section?]) {
    let sections = content()
    children = sections
    header = nil
    footer = nil
    pinsHeader = false
    placeholder = nil
    super.init(id: id)
  }

  /// Composes `sections` between a header and a footer. The header's and
  /// the footer's items are items like the children's — diffed with them
  /// (a header whose view model changes is updated in place, in the same
  /// batch), with controllers and the whole lifecycle — and each block has
  /// a scope of its own under this section, so an identifier used by a
  /// header, a footer and a child names three different items.
  ///
  /// - Parameters:
  ///   - id: this section's id.
  ///   - header: shown before the children; nil for none.
  ///   - footer: shown after the children; nil for none.
  ///   - pinsHeader: keep the header block at the top of the viewport
  ///     (the leading edge, scrolling horizontally) while any item of this
  ///     section is visible; the end of the section pushes it up, so the
  ///     next pinned header takes its place. A pinned section inside another
  ///     stacks its header below the outer one's. A header block longer than
  ///     the room the viewport leaves it scrolls with the items instead
  ///     (reported once as an `invalidGeometry` diagnostic).
  ///   - sections: the children.
  /// - Complexity: O(*k*), *k* the number of sections.
  public init(
    id: String? = nil, header: Section?, footer: Section? = nil, pinsHeader: Bool = false,
    _ sections: [Section?]
  ) {
    children = sections
    self.header = header
    self.footer = footer
    self.pinsHeader = pinsHeader
    placeholder = nil
    super.init(id: id)
  }

  /// The builder form of ``init(id:header:footer:pinsHeader:_:)-(_,_,_,_,[Section?])``:
  /// the children listed in a ``SectionBuilder`` block.
  ///
  /// - Complexity: O(*k*), *k* the number of sections listed.
  public init(
    id: String? = nil, header: Section?, footer: Section? = nil, pinsHeader: Bool = false,
    @SectionBuilder _ content: () -> [Section?]
  ) {
    let sections = content()
    children = sections
    self.header = header
    self.footer = footer
    self.pinsHeader = pinsHeader
    placeholder = nil
    super.init(id: id)
  }

  /// Composes `sections` with a header, a footer and a placeholder: the
  /// placeholder is shown, in a scope of its own, in place of the children
  /// while they have no items at all ("No results", "Empty folder"), and
  /// goes as soon as one of them has an item. Its items are ordinary items
  /// (controllers, view state, lifecycle), never the same items as a
  /// child's, whatever their identifiers.
  ///
  /// - Parameters:
  ///   - id: this section's id.
  ///   - header: shown before the children (or the placeholder); nil for none.
  ///   - footer: shown after them; nil for none.
  ///   - pinsHeader: keep the header block at the top of the viewport, as
  ///     ``init(id:header:footer:pinsHeader:_:)-(_,_,_,_,[Section?])`` says.
  ///   - placeholder: shown while the children have no items; nil for none.
  ///   - sections: the children.
  /// - Complexity: O(*k*), *k* the number of sections. Flattening costs one
  ///   comparison more than without a placeholder.
  public init(
    id: String? = nil, header: Section?, footer: Section? = nil, pinsHeader: Bool = false,
    placeholder: Section?, _ sections: [Section?]
  ) {
    children = sections
    self.header = header
    self.footer = footer
    self.pinsHeader = pinsHeader
    self.placeholder = placeholder
    super.init(id: id)
  }

  /// The builder form of
  /// ``init(id:header:footer:pinsHeader:placeholder:_:)-(_,_,_,_,_,[Section?])``:
  /// the children listed in a ``SectionBuilder`` block.
  ///
  /// ```swift
  /// CompositeSection(
  ///   id: "results", header: nil,
  ///   placeholder: ListSection<Note, NoteController>(Note("No results"))
  /// ) {
  ///   ListSection<Todo, TodoController>(matches)
  /// }
  /// ```
  ///
  /// - Complexity: O(*k*), *k* the number of sections listed.
  public init(
    id: String? = nil, header: Section?, footer: Section? = nil, pinsHeader: Bool = false,
    placeholder: Section?, @SectionBuilder _ content: () -> [Section?]
  ) {
    children = content()
    self.header = header
    self.footer = footer
    self.pinsHeader = pinsHeader
    self.placeholder = placeholder
    super.init(id: id)
  }

  override func flatten(into flattener: inout Flattener, scope: SectionScope) {
    // The header and footer scopes are components no child scope has, so
    // their items never meet the children's.
    let start = flattener.list.count
    if let header { flattener.flattenChildren([header], scope: flattener.scope(.header, under: scope)) }
    let headerEnd = flattener.list.count
    let level = flattener.pinDepth
    if pinsHeader { flattener.pinDepth += 1 }
    flattener.flattenChildren(children, scope: scope)
    if let placeholder, flattener.list.count == headerEnd {
      flattener.flattenChildren([placeholder], scope: flattener.scope(.placeholder, under: scope))
    }
    if pinsHeader { flattener.pinDepth -= 1 }
    if let footer { flattener.flattenChildren([footer], scope: flattener.scope(.footer, under: scope)) }
    if pinsHeader {
      flattener.list.appendPinnedHeader(
        header: start..<headerEnd, section: start..<flattener.list.count, level: level)
    }
  }
}

/// What a section builder made of an `if`, `switch` or `for`: a group that
/// takes one position among its siblings and scopes its own children.
final class SectionGroup: Section, @unchecked Sendable {
  let children: [Section?]
  /// Which branch of a condition produced the group (nil for a `for` loop), so
  /// that the two branches never share identities.
  let branch: Bool?

  init(_ children: [Section?], branch: Bool?) {
    self.children = children
    self.branch = branch
    super.init(id: nil)
  }

  override func flatten(into flattener: inout Flattener, scope: SectionScope) {
    let inner = branch.map { flattener.scope(.branch($0), under: scope) } ?? scope
    flattener.flattenChildren(children, scope: inner)
  }
}

/// The result builder behind `CompositeSection { ... }`: a plain list of
/// sections, with `if`, `switch`, `for` and `if #available` inside it.
@resultBuilder
public enum SectionBuilder {
  /// One section (or nil, which keeps its position and shows nothing).
  public static func buildExpression(_ section: Section?) -> [Section?] { [section] }

  /// The sections of a block, in order.
  public static func buildBlock(_ components: [Section?]...) -> [Section?] {
    components.flatMap { $0 }
  }

  /// An `if` without `else`: one position, empty when the condition is false.
  public static func buildOptional(_ component: [Section?]?) -> [Section?] {
    guard let component else { return [nil] }
    return [SectionGroup(component, branch: true)]
  }

  /// The first branch of an `if`/`else` or a `switch`.
  public static func buildEither(first component: [Section?]) -> [Section?] {
    [SectionGroup(component, branch: true)]
  }

  /// The second branch of an `if`/`else` or a `switch`.
  public static func buildEither(second component: [Section?]) -> [Section?] {
    [SectionGroup(component, branch: false)]
  }

  /// A `for` loop: one position holding every iteration's sections in order.
  public static func buildArray(_ components: [[Section?]]) -> [Section?] {
    [SectionGroup(components.flatMap { $0 }, branch: nil)]
  }

  /// An `if #available` block.
  public static func buildLimitedAvailability(_ component: [Section?]) -> [Section?] {
    component
  }
}

import Foundation

/// Where a section sits in a root: the chain of section ids, positions and
/// render-model identifiers from the root down to it.
///
/// Items are identified by their view-model identifier *and* their section's
/// scope, which is what lets two sections hold the same identifier. `key` is
/// the scope as a canonical string: equal exactly when the chains are equal
/// (every component is length-prefixed, so no id can imitate a separator).
///
/// Ids are compared as Swift compares strings, by canonical equivalence: an
/// "é" written precomposed and one written as "e" plus a combining accent are
/// one id, and so one scope (and one item identifier), which is also what the
/// duplicate-section diagnostic says. The key therefore encodes each id in
/// its NFC form, so that equivalent ids have equal lengths too.
final class SectionScope: Sendable {
  /// One step of the path.
  enum Component: Sendable, Hashable {
    /// The child at this position of a composite section without an `id:`.
    case position(Int)
    /// A section given an explicit `id:`.
    case id(String)
    /// The items a render section produced for the model with this identifier.
    case model(String)
    /// The branch of an `if`/`else` in a section builder (true: the first).
    case branch(Bool)
    /// The header block of a composite section: its own scope, so that a
    /// header's identifiers never meet the children's.
    case header
    /// The footer block of a composite section.
    case footer
    /// What a composite section shows in place of its children while they
    /// have no items.
    case placeholder
    /// The items of a carousel or a grid, under its row's scope: a scope
    /// of their own, shown by the row's own data source.
    case nested
  }

  let parent: SectionScope?
  let component: Component?
  /// The canonical form of the whole chain, used in item identities.
  let key: String
  /// A hash of `names`, equal for scopes whose names are equal: what finds
  /// the leaves whose items could share a ``ListItemID``
  /// (`FlatList.sharedItemIDs(inserted:)`) without making their names.
  let namesHash: Int
  /// The composite blocks the scope is inside of, at any depth: kept
  /// rather than walked, as every element VoiceOver reads asks.
  private let blocks: Blocks

  /// The composite blocks a scope lies in, at any depth.
  private struct Blocks: OptionSet {
    let rawValue: UInt8
    static let header = Blocks(rawValue: 1 << 0)
    static let footer = Blocks(rawValue: 1 << 1)
    static let placeholder = Blocks(rawValue: 1 << 2)

    /// The block `component` opens, if any.
    init(_ component: Component?) {
      switch component {
      case .header: self = .header
      case .footer: self = .footer
      case .placeholder: self = .placeholder
      case .position, .id, .model, .branch, .nested, nil: self = []
      }
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }
  }

  /// The scope of a root section, given that section's explicit id.
  init(rootID: String?) {
    parent = nil
    if let rootID {
      component = .id(rootID)
      key = Self.encode(.id(rootID))
    } else {
      component = nil
      key = ""
    }
    namesHash = Self.namesHash(after: 0, component)
    blocks = []
  }

  private init(parent: SectionScope, component: Component) {
    self.parent = parent
    self.component = component
    self.key = parent.key + Self.encode(component)
    namesHash = Self.namesHash(after: parent.namesHash, component)
    blocks = parent.blocks.union(Blocks(component))
  }

  /// `names`' hash once `component` follows names hashed as `hash`: the
  /// same unless it is a name.
  ///
  /// - Complexity: O(*k*) in the name's length.
  private static func namesHash(after hash: Int, _ component: Component?) -> Int {
    switch component {
    case .id(let name), .model(let name):
      var hasher = Hasher()
      hasher.combine(hash)
      hasher.combine(name)
      return hasher.finalize()
    case .position, .branch, .header, .footer, .placeholder, .nested, nil:
      return hash
    }
  }

  /// The ``namesHash`` of every scope whose names are `names`.
  ///
  /// - Complexity: O(*k*) in the names' total length.
  static func namesHash(of names: [String]) -> Int {
    names.reduce(namesHash(after: 0, nil)) { namesHash(after: $0, .id($1)) }
  }

  /// The scope one level below this one.
  ///
  /// - Complexity: O(*k*), *k* the length of `key`.
  func child(_ component: Component) -> SectionScope {
    SectionScope(parent: self, component: component)
  }

  /// The scope of the child of a section: by its id if it has one, else by
  /// its position.
  func child(id: String?, position: Int) -> SectionScope {
    if let id { return child(.id(id)) }
    return child(.position(position))
  }

  private static func encode(_ component: Component) -> String {
    switch component {
    case .position(let index): return "#\(index);"
    case .id(let id):
      let canonical = canonicalForm(id)
      return "=\(canonical.utf8.count):\(canonical)"
    case .model(let id):
      let canonical = canonicalForm(id)
      return "@\(canonical.utf8.count):\(canonical)"
    case .branch(let first): return first ? "?T" : "?F"
    case .header: return "^H"
    case .footer: return "^F"
    case .placeholder: return "^P"
    case .nested: return "^N"
    }
  }

  /// `id` in Unicode normalization form C: one spelling for every string
  /// Swift considers equal to it.
  ///
  /// - Complexity: O(*k*) in the length of `id`; ASCII ids are returned as
  ///   they are.
  static func canonicalForm(_ id: String) -> String {
    if id.utf8.allSatisfy({ $0 < 0x80 }) { return id }
    return id.precomposedStringWithCanonicalMapping
  }

  /// The components from the root down, root first.
  ///
  /// - Complexity: O(depth).
  var components: [Component] {
    var result: [Component] = []
    var scope: SectionScope? = self
    while let current = scope {
      if let component = current.component { result.append(component) }
      scope = current.parent
    }
    return result.reversed()
  }

  /// The names a user can give in a section path: explicit ids and render
  /// model identifiers, root first.
  ///
  /// - Complexity: O(depth), one array made (asked of every element
  ///   VoiceOver reads, so walked straight into it).
  var names: [String] {
    var result: [String] = []
    var scope: SectionScope? = self
    while let current = scope {
      switch current.component {
      case .id(let name), .model(let name): result.append(name)
      case .position, .branch, .header, .footer, .placeholder, .nested, nil: break
      }
      scope = current.parent
    }
    result.reverse()
    return result
  }

  /// Whether the scope is inside a composite section's header, footer or
  /// placeholder block, at any depth: whose items take neither focus nor
  /// selection unless their controller says so.
  ///
  /// - Complexity: O(1).
  var isInHeaderFooterOrPlaceholder: Bool { !blocks.isEmpty }

  /// Whether the scope is inside a composite section's header block, at
  /// any depth: its items head their section.
  ///
  /// - Complexity: O(1).
  var isInHeader: Bool { blocks.contains(.header) }

  /// Whether the scope is inside a composite section's header or footer
  /// block, at any depth: its items are never moved, nor moved onto.
  ///
  /// - Complexity: O(1).
  var isHeaderOrFooter: Bool { !blocks.isDisjoint(with: [.header, .footer]) }

  /// The path for people: `root > [1] > "done" > model "42"`.
  var humanPath: String {
    var parts = ["root"]
    for component in components {
      switch component {
      case .position(let index): parts.append("[\(index)]")
      case .id(let id): parts.append("\"\(id)\"")
      case .model(let id): parts.append("model \"\(id)\"")
      case .branch(let first): parts.append(first ? "if" : "else")
      case .header: parts.append("header")
      case .footer: parts.append("footer")
      case .placeholder: parts.append("placeholder")
      case .nested: parts.append("items")
      }
    }
    return parts.joined(separator: " > ")
  }
}

extension Flattener {
  /// The number of items flattened so far: those in `list` and those taken
  /// from the previous list and still waiting in `pending`. Item ranges
  /// recorded while flattening (pinned header blocks) count with it, not
  /// with `list.count`.
  var itemCount: Int { list.count + pending.count }

  /// Starts a leaf whose items are appended next.
  mutating func beginLeaf(_ leaf: ListLeaf) {
    flushPending()
    list.beginLeaf(leaf)
  }

  /// Appends `viewModels` to the current leaf (see `FlatList.append`);
  /// returns how many have an empty identifier.
  mutating func appendItems<ViewModel: ListViewModel>(
    _ viewModels: [ViewModel], scope: String, controllerType: ObjectIdentifier,
    using appender: LeafItemAppender<ViewModel>
  ) -> Int {
    flushPending()
    return list.append(viewModels, scope: scope, controllerType: controllerType, using: appender)
  }

  /// Takes the items of the previous list's leaf made from the same storage
  /// as `leaf.source`, with the same scope and controller type, as the
  /// items of `leaf`; returns the number of empty identifiers among them,
  /// or nil (and takes nothing) when no such leaf exists.
  ///
  /// - Complexity: O(1) amortized (the previous leaves are indexed once per
  ///   root), plus a copy of the items unless they follow those taken last.
  mutating func reuseLeaf(_ leaf: ListLeaf) -> Int? {
    guard let source = leaf.source, let index = previousLeaf(at: source.address) else {
      return nil
    }
    let old = previous.leaves[index]
    let range = previous.range(ofLeaf: index)
    guard let oldSource = old.source, oldSource.count == source.count, range.count == source.count,
      old.controllerType == leaf.controllerType, old.scope.key == leaf.scope.key
    else { return nil }
    if pending.isEmpty || pending.upperBound != range.lowerBound {
      flushPending()
      pending = range
    } else {
      pending = pending.lowerBound..<range.upperBound
    }
    list.beginLeaf(leaf, at: list.count + pending.count - range.count)
    return oldSource.emptyCount
  }

  /// Ends flattening: a root that took every previous item, in order and
  /// nothing else, shares the previous arrays; otherwise the waiting items
  /// are copied.
  mutating func finish() {
    if list.count == 0 && pending == 0..<previous.count && !pending.isEmpty {
      list.adoptItems(of: previous)
      pending = 0..<0
    } else {
      flushPending()
    }
  }

  /// Copies the items waiting in `pending` into the list, reserving the
  /// root's capacity first if nothing was copied or made yet.
  private mutating func flushPending() {
    if list.count == 0 && capacity > 0 {
      list.reserveCapacity(capacity)
      capacity = 0
    }
    guard !pending.isEmpty else { return }
    list.append(contentsOf: previous, range: pending)
    pending = 0..<0
  }

  /// The previous list's leaf whose source starts at `address`.
  private mutating func previousLeaf(at address: UInt) -> Int? {
    if previousLeaves == nil {
      var byAddress: [UInt: Int] = [:]
      for (index, leaf) in previous.leaves.enumerated() {
        if let source = leaf.source { byAddress[source.address] = index }
      }
      previousLeaves = byAddress
    }
    return previousLeaves?[address]
  }
}

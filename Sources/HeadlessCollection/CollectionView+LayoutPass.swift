import Foundation

extension CollectionView {
  /// Brings the collection up to date now: loads data, asks pending sizes,
  /// places items, mounts and unmounts cells for ``bounds``, lays the cells
  /// out, and sends the display callbacks and `collectionViewDidLayout`.
  /// Does nothing when nothing changed. Changes made by the callbacks are laid
  /// out in further passes before this returns (at most 16, so that a client
  /// that changes something in every pass cannot hang it). Inside a pass (from
  /// a callback) it returns at once; the running pass picks the change up.
  ///
  /// - Complexity: O(log *n* + *v*) for *v* visible items, plus whatever
  ///   placement is pending (O(*n*) after a reload).
  public func layoutIfNeeded() {
    guard !isInLayoutPass else { return }
    isInLayoutPass = true
    var passes = 0
    while passes < 16 && hasPendingLayoutWork {
      passes += 1
      updatePlacement()
      performPass()
    }
    isInLayoutPass = false
    if passes > 0 && openBatch == nil { layoutDidFinish?() }
  }

  /// Whether the collection is inside a layout pass or a batch update, when
  /// a client must not start changes of its own.
  package var isPerformingLayout: Bool { isInLayoutPass || openBatch != nil }

  /// Whether anything is waiting for a layout pass.
  var hasPendingLayoutWork: Bool {
    needsReload || needsFullLayout || needsLayout || cellsNeedLayout
      || !pendingInvalidations.isEmpty
      || seenLayoutGeneration != collectionViewLayout.generation
      || engine.crossExtent != currentCrossExtent
      || engine.direction != collectionViewLayout.scrollDirection
  }

  /// The room across the scroll direction the frame and insets leave.
  var currentCrossExtent: CGFloat {
    switch collectionViewLayout.scrollDirection {
    case .vertical: return frame.width - contentInset.horizontal
    case .horizontal: return frame.height - contentInset.vertical
    }
  }

  // MARK: Placement

  /// Loads data and places items as the flags demand.
  private func updatePlacement() {
    if needsReload {
      reloadFromDataSource()
    } else if needsFullLayout || seenLayoutGeneration != collectionViewLayout.generation
      || engine.crossExtent != currentCrossExtent
      || engine.direction != collectionViewLayout.scrollDirection
    {
      engine.invalidateAll(metrics: sectionMetrics(count: engine.sections.count))
      placeEverything()
    } else if !pendingInvalidations.isEmpty {
      let dirty = Array(Set(pendingInvalidations)).sorted()
      pendingInvalidations = []
      for index in dirty { engine.invalidateSize(of: index) }
      resolveSizes(dirty)
      engine.relayout(dirty: dirty)
      needsLayout = true
    }
  }

  /// Asks the data source for all counts, drops every cell and every size,
  /// and places everything.
  private func reloadFromDataSource() {
    for (index, cell) in mounted.removeAll() {
      cell.isMounted = false
      departingCells.append((cell, indexPath(forGlobal: index)))
    }
    selectedIndexes = []
    reuseQueue.forgetItems()
    let counts = currentDataSourceCounts()
    engine.load(counts: counts, metrics: sectionMetrics(count: counts.count))
    placeEverything()
  }

  /// The counts the data source reports now (negative ones as zero).
  func currentDataSourceCounts() -> [Int] {
    guard let dataSource else { return [] }
    let sections = max(0, dataSource.numberOfSections(in: self))
    return (0..<sections).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
  }

  /// Every section's metrics, from the delegate or the layout, with values
  /// that cannot be laid out replaced and reported.
  func sectionMetrics(count: Int) -> [SectionMetrics] {
    sectionMetrics(for: Array(0..<count))
  }

  /// The metrics of `sections` (indexes after any update in progress), as
  /// ``sectionMetrics(count:)`` gives them.
  func sectionMetrics(for sections: [Int]) -> [SectionMetrics] {
    let count = sections.count
    let layout = collectionViewLayout
    guard let delegate else {
      let metrics = SectionMetrics(
        inset: checkedInsets(layout.sectionInset, "CollectionViewFlowLayout.sectionInset"),
        lineSpacing: checkedPosition(layout.minimumLineSpacing, "CollectionViewFlowLayout.minimumLineSpacing"),
        interitemSpacing: checkedPosition(
          layout.minimumInteritemSpacing, "CollectionViewFlowLayout.minimumInteritemSpacing"))
      return Array(repeating: metrics, count: count)
    }
    let wasMeasuring = isMeasuring
    isMeasuring = true
    defer { isMeasuring = wasMeasuring }
    return sections.map { section in
      SectionMetrics(
        inset: checkedInsets(
          delegate.collectionView(self, layout: layout, insetForSectionAt: section),
          "collectionView(_:layout:insetForSectionAt:) for section \(section)"),
        lineSpacing: checkedPosition(
          delegate.collectionView(self, layout: layout, minimumLineSpacingForSectionAt: section),
          "collectionView(_:layout:minimumLineSpacingForSectionAt:) for section \(section)"),
        interitemSpacing: checkedPosition(
          delegate.collectionView(self, layout: layout, minimumInteritemSpacingForSectionAt: section),
          "collectionView(_:layout:minimumInteritemSpacingForSectionAt:) for section \(section)"))
    }
  }

  /// The size of the item at `indexPath` from the delegate, replaced and
  /// reported if it cannot be laid out.
  @inline(__always)
  func checkedSize(
    from delegate: any CollectionViewDelegateFlowLayout, at indexPath: IndexPath,
    layout: CollectionViewFlowLayout
  ) -> CGSize {
    let size = delegate.collectionView(self, layout: layout, sizeForItemAt: indexPath)
    if SafeGeometry.isSize(size) { return size }
    return checkedSize(size, "collectionView(_:layout:sizeForItemAt:) for \(indexPath)")
  }

  /// The layout's item size, replaced and reported if it cannot be laid out.
  func checkedItemSize(_ layout: CollectionViewFlowLayout) -> CGSize {
    checkedSize(layout.itemSize, "CollectionViewFlowLayout.itemSize")
  }

  /// Asks every size and places every item.
  private func placeEverything() {
    needsReload = false
    needsFullLayout = false
    pendingInvalidations = []
    seenLayoutGeneration = collectionViewLayout.generation
    engine.direction = collectionViewLayout.scrollDirection
    engine.crossExtent = currentCrossExtent
    if let estimate = activeEstimate {
      // Sizes are asked near the viewport, in the pass.
      engine.setAllEstimated(estimate)
      engine.layoutAll()
      needsLayout = true
      return
    }
    let count = engine.itemCount
    let layout = collectionViewLayout
    var sizes: [CGSize] = []
    sizes.reserveCapacity(count)
    if let delegate {
      let wasMeasuring = isMeasuring
      isMeasuring = true
      defer { isMeasuring = wasMeasuring }
      // Ask section by section, so that index paths need no lookup.
      for (section, geometry) in engine.sections.enumerated() {
        let sectionPath = IndexPath(index: section)
        for item in 0..<geometry.count {
          sizes.append(checkedSize(from: delegate, at: sectionPath.appending(item), layout: layout))
        }
      }
    } else {
      sizes = Array(repeating: checkedItemSize(layout), count: count)
    }
    // The delegate may have changed the collection meanwhile; only sizes for
    // the items it still has can be used.
    guard sizes.count == engine.itemCount else {
      needsFullLayout = true
      return
    }
    engine.setAllSizes(sizes)
    engine.layoutAll()
    needsLayout = true
  }

  /// Asks the delegate (or the layout) for the sizes of the items of
  /// `indexes` (ascending) that need them. Sizes are gathered before any is
  /// stored, so a delegate that reads the collection meanwhile sees it whole.
  ///
  /// With an estimated item size nothing is asked here: the items keep their
  /// estimate (or old size) and the pass asks those near the viewport.
  func resolveSizes(_ indexes: [Int]) {
    guard activeEstimate == nil else { return }
    let needed = engine.itemsNeedingSize(among: indexes)
    guard !needed.isEmpty else { return }
    let layout = collectionViewLayout
    var sizes: [(index: Int, size: CGSize)] = []
    sizes.reserveCapacity(needed.count)
    if let delegate {
      let wasMeasuring = isMeasuring
      isMeasuring = true
      defer { isMeasuring = wasMeasuring }
      for index in needed {
        sizes.append((index, checkedSize(from: delegate, at: indexPath(forGlobal: index), layout: layout)))
      }
    } else {
      let size = checkedItemSize(layout)
      for index in needed { sizes.append((index, size)) }
    }
    engine.setSizes(sizes)
  }

  // MARK: The pass

  /// One layout pass over the visible rectangle. Stops early when a callback
  /// changes the collection, leaving the flags set for the next pass.
  private func performPass() {
    needsLayout = false
    cellsNeedLayout = false
    clampContentOffset()
    if needsLayout { return }  // scrollViewDidScroll changed something
    if activeEstimate != nil {
      sizeItemsNearViewport()
      // Real sizes may have shortened the content under the offset.
      clampContentOffset()
      if needsLayout || hasPendingPlacement { return }  // something moved or changed
    }

    // The clients, loaded once: they are weak references.
    let delegate = self.delegate
    let dataSource = self.dataSource

    // Which items are on screen now (ascending). Walking them alongside the
    // mounted cells (also ascending) sorts the cells into those that stay,
    // those that leave, and the items that need one.
    let visible = engine.items(intersecting: bounds)
    var staying: [CollectionViewCell?] = Array(repeating: nil, count: visible.count)
    var leaving: [(cell: CollectionViewCell, index: Int)] = []
    var cursor = 0
    for (index, cell) in mounted.removeAll() {
      while cursor < visible.count && visible[cursor].index < index { cursor += 1 }
      if cursor < visible.count && visible[cursor].index == index {
        staying[cursor] = cell
      } else {
        cell.isMounted = false
        leaving.append((cell, index))
      }
    }
    mounted = MountedCells(
      zip(visible, staying).compactMap { item, cell in cell.map { (item.index, $0) } })

    // Cells scrolled out are reusable at once; cells replaced by a batch or
    // reload are told first but enqueued only after the new cells are made,
    // so a reloaded item really gets a fresh cell.
    let departing = departingCells
    departingCells = []
    for (cell, index) in leaving where cell.isDisplayed {
      cell.isDisplayed = false
      delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath(forGlobal: index))
    }
    for (cell, indexPath) in departing where cell.isDisplayed {
      cell.isDisplayed = false
      delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    }
    // A cell scrolled out remembers its item, which may come back for it.
    for (cell, index) in leaving { reuseQueue.enqueue(cell, showedItem: index) }
    if needsLayout {
      for (cell, _) in departing { reuseQueue.enqueue(cell, showedItem: nil) }
      return
    }

    // Cells for the items that arrived.
    if let dataSource {
      var entries: [(index: Int, cell: CollectionViewCell)] = []
      entries.reserveCapacity(visible.count)
      var made: [CollectionViewCell] = []
      for (slot, (index, frame)) in visible.enumerated() {
        if let cell = staying[slot] {
          entries.append((index, cell))
          continue
        }
        arrivingItem = (index, frame)
        let cell = dataSource.collectionView(self, cellForItemAt: indexPath(forGlobal: index))
        arrivingItem = nil
        if cell.isMounted {
          fatalError("the data source returned a cell that already shows another item")
        }
        cell.isMounted = true
        if cell.reuseIdentifier == nil { cell.owner = self }
        cell.frame = frame
        cell.isDisplayed = false
        entries.append((index, cell))
        made.append(cell)
        if needsLayout { break }
      }
      if needsLayout {
        // The data source changed the collection while making a cell: the
        // indexes of this pass are stale. The change left `mounted` right;
        // the cells made here go back to the queue for the next pass.
        for cell in made {
          cell.isMounted = false
          reuseQueue.enqueue(cell, showedItem: nil)
        }
      } else {
        mounted = MountedCells(entries)
      }
    }
    for (cell, _) in departing { reuseQueue.enqueue(cell, showedItem: nil) }
    if needsLayout { return }

    // Frames, selection and layout of every visible cell.
    let aligned = mounted.count == visible.count
    for (slot, (index, cell)) in mounted.entries.enumerated() {
      let frame = aligned ? visible[slot].frame : engine.frame(of: index)
      if cell.frame != frame { cell.frame = frame }
      let selected = selectedIndexes.contains(index)
      if cell.isSelected != selected { cell.isSelected = selected }
    }
    for (_, cell) in mounted.entries {
      cell.layoutIfNeeded()
      if needsLayout { return }
    }

    // Display callbacks, in index order, for cells not yet displayed.
    for (index, cell) in mounted.entries where !cell.isDisplayed {
      cell.isDisplayed = true
      delegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath(forGlobal: index))
      if needsLayout { return }
    }
    cellsNeedLayout = false
    delegate?.collectionViewDidLayout(self)
  }
}

import Foundation

extension CollectionView {
  // MARK: Placement

  /// Loads data and places items as the flags demand.
  func updatePlacement() {
    if invalidation.needsReload {
      reloadFromDataSource()
    } else if invalidation.needsFullLayout || invalidation.seenLayoutGeneration != collectionViewLayout.generation
      || engine.crossExtent != currentCrossExtent
      || engine.direction != collectionViewLayout.scrollDirection
    {
      engine.invalidateAll(metrics: sectionMetrics(count: engine.sections.count))
      placeEverything()
    } else if !invalidation.pendingInvalidations.isEmpty {
      let dirty = invalidation.takeInvalidatedItems()
      for index in dirty { engine.invalidateSize(of: index) }
      resolveSizes(dirty)
      engine.relayout(dirty: dirty)
      invalidation.setNeedsLayout()
    }
  }

  /// Asks the data source for all counts, drops every cell and every size,
  /// and places everything.
  ///
  /// The cells on screen go to the reuse queue remembering the index path
  /// they showed (as a global index under the new counts), so that the data
  /// source gets them back for the same index paths; the pass then settles
  /// their display callbacks (see ``CellsOnScreen/reloaded``).
  private func reloadFromDataSource() {
    prefetcher.cancelAll(oldPath: indexPath(forGlobal:))
    let onScreen = cells.unmountAll().map { (cell: $0.cell, indexPath: indexPath(forGlobal: $0.index)) }
    selection.clear()
    reuse.forgetItems()
    supplementaries.queueForReload()
    let counts = currentDataSourceCounts()
    engine.load(counts: counts, metrics: sectionMetrics(count: counts.count))
    for (cell, indexPath) in onScreen {
      cell.isMounted = false
      if cell.isDisplayed { cells.awaitReload(of: cell, at: indexPath) }
      reuse.enqueue(cell, showedItem: global(indexPath))
    }
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
          layout.minimumInteritemSpacing, "CollectionViewFlowLayout.minimumInteritemSpacing"),
        headerLength: mainLength(
          checkedSize(layout.headerReferenceSize, "CollectionViewFlowLayout.headerReferenceSize")),
        footerLength: mainLength(
          checkedSize(layout.footerReferenceSize, "CollectionViewFlowLayout.footerReferenceSize")))
      return Array(repeating: metrics, count: count)
    }
    let wasMeasuring = invalidation.beginMeasuring()
    defer { invalidation.endMeasuring(restoring: wasMeasuring) }
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
          "collectionView(_:layout:minimumInteritemSpacingForSectionAt:) for section \(section)"),
        headerLength: mainLength(
          checkedSize(
            delegate.collectionView(self, layout: layout, referenceSizeForHeaderInSection: section),
            "collectionView(_:layout:referenceSizeForHeaderInSection:) for section \(section)")),
        footerLength: mainLength(
          checkedSize(
            delegate.collectionView(self, layout: layout, referenceSizeForFooterInSection: section),
            "collectionView(_:layout:referenceSizeForFooterInSection:) for section \(section)")))
    }
  }

  /// The length of `size` along the layout's scroll direction: all a flow
  /// layout uses of a header's or footer's reference size.
  private func mainLength(_ size: CGSize) -> CGFloat {
    collectionViewLayout.scrollDirection == .vertical ? size.height : size.width
  }

  /// The delegate's sizes of the items at global `indexes`, in that order,
  /// asked with ``LayoutInvalidation/isMeasuring`` set so that a batch
  /// started from the delegate is refused.
  ///
  /// - Complexity: O(*k*) for *k* indexes, plus the delegate's answers.
  func measuredSizes(
    of indexes: [Int], from delegate: any CollectionViewDelegateFlowLayout,
    layout: CollectionViewFlowLayout
  ) -> [(index: Int, size: CGSize)] {
    let wasMeasuring = invalidation.beginMeasuring()
    defer { invalidation.endMeasuring(restoring: wasMeasuring) }
    return indexes.map { ($0, checkedSize(from: delegate, at: indexPath(forGlobal: $0), layout: layout)) }
  }

  /// The size of the item at `indexPath` from the delegate, replaced and
  /// reported if it cannot be laid out.
  @inline(__always)
  func checkedSize(
    from delegate: any CollectionViewDelegateFlowLayout, at indexPath: IndexPath,
    layout: CollectionViewFlowLayout
  ) -> CGSize {
    let size = delegate.collectionView(
      self, layout: layout, sizeForItemAt: dataSourceIndexPath(forShown: indexPath))
    if SafeGeometry.isSize(size) { return size }
    return checkedSize(size, "collectionView(_:layout:sizeForItemAt:) for \(indexPath)")
  }

  /// The layout's item size, replaced and reported if it cannot be laid out.
  func checkedItemSize(_ layout: CollectionViewFlowLayout) -> CGSize {
    checkedSize(layout.itemSize, "CollectionViewFlowLayout.itemSize")
  }

  /// Asks every size and places every item.
  private func placeEverything() {
    invalidation.beginPlacingEverything(generation: collectionViewLayout.generation)
    engine.direction = collectionViewLayout.scrollDirection
    engine.crossExtent = currentCrossExtent
    if let estimate = activeEstimate {
      // Sizes are asked near the viewport, in the pass.
      engine.setAllEstimated(estimate)
      engine.layoutAll()
      invalidation.setNeedsLayout()
      return
    }
    let count = engine.itemCount
    let layout = collectionViewLayout
    var sizes: [CGSize] = []
    sizes.reserveCapacity(count)
    if let delegate {
      let wasMeasuring = invalidation.beginMeasuring()
      defer { invalidation.endMeasuring(restoring: wasMeasuring) }
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
      invalidation.setNeedsFullLayout()
      return
    }
    engine.setAllSizes(sizes)
    engine.layoutAll()
    invalidation.setNeedsLayout()
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
    if let delegate {
      engine.setSizes(measuredSizes(of: needed, from: delegate, layout: layout))
    } else {
      let size = checkedItemSize(layout)
      engine.setSizes(needed.map { ($0, size) })
    }
  }
}

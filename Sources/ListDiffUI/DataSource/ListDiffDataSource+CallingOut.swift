import HeadlessCollection

/// Re-entrancy: user code and collection-view callbacks run inside
/// `callingOut`, and whatever they asked for while the collection view could
/// not take it (a root, a re-size after a state change) waits until
/// `canChangeCollection`, then `drain()` applies it. Two places end such a
/// stretch: the outermost callback returning, and a layout pass finishing.
extension ListDiffDataSource {
  /// Whether the collection view can take a change now: no root is being
  /// applied (its batch, update handler and completions run with the
  /// scheduler's phase set), no callback of ours is on the stack, and the
  /// collection view is neither inside a layout pass nor inside a batch.
  ///
  /// The one rule every deferred change waits on. (Appearance is derived
  /// inside the `collectionViewDidLayout` callback, so a running appearance
  /// pass is already a callback on the stack.)
  var canChangeCollection: Bool {
    !scheduler.isBusy && !collectionView.isPerformingLayout
  }

  /// Applies what waited for the collection view: the waiting roots (in
  /// asynchronous mode, starts preparing the next one, which may start at
  /// any time since preparing touches no main-actor state), then the sizes
  /// of items whose view state changed meanwhile. Does nothing more while
  /// the collection view cannot take a change.
  func drain() {
    if applyUpdatesAsync { startPreparingIfIdle() }
    guard canChangeCollection else { return }
    if !applyUpdatesAsync { applyWaitingRoots() }
    guard canChangeCollection, !deferredSizes.isEmpty else { return }
    layOutDeferredSizes()
  }

  /// Invalidates and lays out the sizes deferred until the collection view
  /// could take them. That layout ends by draining again (the collection
  /// view's `layoutDidFinish`), and a state changed in one of its callbacks
  /// defers another size: the drain nested in it only notes that another
  /// round is owed, and the outermost one runs it, in a loop rather than a
  /// recursion. The loop ends when nothing is owed, or when the collection
  /// view reports that its layout did not settle (a controller that changes
  /// its state in every layout: a `collectionViewMisuse` diagnostic, once),
  /// and runs at most `CollectionView.maximumLayoutPasses` rounds.
  ///
  /// - Complexity: that of the layouts run.
  private func layOutDeferredSizes() {
    guard deferredSizes.layout == .idle else {
      deferredSizes.setLayout(.owed)
      return
    }
    defer { deferredSizes.setLayout(.idle) }
    let unsettled = collectionView.unsettledLayoutCount
    for _ in 0..<CollectionView.maximumLayoutPasses {
      deferredSizes.setLayout(.running)
      guard invalidateDeferredSizes() else { return }
      collectionView.layoutIfNeeded()
      guard deferredSizes.layout == .owed, canChangeCollection, collectionView.unsettledLayoutCount == unsettled
      else { return }
    }
  }

  /// Runs user code (a controller hook, a handler, a completion) or a
  /// collection-view callback: roots it sets wait until it returns, and
  /// `drain()` runs when the outermost such call returns.
  ///
  /// With `drainsWhenDone` false what waits stays for the layout pass that
  /// follows (the collection view is in the middle of an operation that is
  /// not a layout pass: `scrollViewDidScroll` comes between the new offset
  /// and the layout for it).
  func callingOut<Result>(drainsWhenDone: Bool = true, _ body: () throws -> Result) rethrows
    -> Result
  {
    enterCallout()
    defer { exitCallout(drainsWhenDone: drainsWhenDone) }
    return try body()
  }

  /// The start of `callingOut`, for the one caller that brackets its call
  /// itself (a controller's `send`, at every lifecycle callback, where the
  /// closure retained the data source).
  func enterCallout() {
    scheduler.enterCallback()
  }

  /// The end of `callingOut`.
  func exitCallout(drainsWhenDone: Bool = true) {
    scheduler.exitCallback()
    if drainsWhenDone && scheduler.callbackDepth == 0 { drain() }
  }

  /// The collection view finished a layout: the features follow it, then
  /// what waited for it is applied, unless a callback of ours is still
  /// running (its end drains).
  func collectionViewDidFinishLayout() {
    for feature in features.all { feature.layoutDidFinish() }
    drain()
  }

  /// A layout pass of the collection view ended (inside its callback):
  /// appearance, then what the features derive from the cells on screen.
  func collectionViewDidLayout() {
    updateAppearance()
    for feature in features.all { feature.didLayout() }
  }
}

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
    guard canChangeCollection, invalidateDeferredSizes() else { return }
    collectionView.layoutIfNeeded()
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
    scheduler.enterCallback()
    defer {
      scheduler.exitCallback()
      if drainsWhenDone && scheduler.callbackDepth == 0 { drain() }
    }
    return try body()
  }

  /// The collection view finished a layout pass: what waited for it is
  /// applied now, unless a callback of ours is still running (its end drains).
  func collectionViewDidFinishLayout() {
    drain()
  }
}

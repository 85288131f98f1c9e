import Foundation

/// Tells the app when the screen has finished drawing a snapshot, so the
/// prompt returns only after the frame shows the change just made.
///
/// The data source's `observe` renders one element of its sequence at a
/// time: it asks for the next element only after the previous root has been
/// applied. ``SnapshotsShown`` turns that request into a signal here: when
/// the consumer asks for more, every snapshot it was given so far is on
/// screen.
public final class RenderedRevisions: @unchecked Sendable {
  // @unchecked: every stored property is guarded by `lock`.
  private let lock = NSLock()
  private var shown = -1
  private var finished = false
  private var waiters: [(revision: Int, continuation: CheckedContinuation<Void, Never>)] = []

  /// A tracker that has seen nothing drawn yet. O(1).
  public init() {}

  /// The newest revision known to be on screen, or -1 before the first.
  /// O(1).
  public var latest: Int { lock.withLock { shown } }

  /// Returns once revision `revision` (or a newer one) is on screen, or
  /// the snapshots have ended. O(1) when it already is; otherwise O(w) in
  /// the number of waiters when it arrives.
  public func waitUntilShown(_ revision: Int) async {
    await withCheckedContinuation { continuation in
      let ready = lock.withLock {
        if finished || shown >= revision { return true }
        waiters.append((revision, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Records that `revision` is on screen and wakes whoever waited for it.
  func markShown(_ revision: Int) {
    let ready = lock.withLock {
      shown = max(shown, revision)
      let ready = waiters.filter { $0.revision <= shown }
      waiters.removeAll { $0.revision <= shown }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Records that no more snapshots will come and wakes every waiter.
  func markFinished() {
    let ready = lock.withLock {
      finished = true
      defer { waiters.removeAll() }
      return waiters
    }
    for waiter in ready { waiter.continuation.resume() }
  }
}

/// The store's snapshots, reporting to a ``RenderedRevisions`` each time the
/// consumer comes back for the next one (and so has drawn the last one).
///
/// Single-pass, like the `AsyncStream` it wraps.
public struct SnapshotsShown: AsyncSequence, Sendable {
  public typealias Element = ToDoSnapshot
  public typealias Failure = Never

  private let base: AsyncStream<ToDoSnapshot>
  private let tracker: RenderedRevisions

  /// Wraps `base`, reporting progress to `tracker`. O(1).
  public init(_ base: AsyncStream<ToDoSnapshot>, reportingTo tracker: RenderedRevisions) {
    self.base = base
    self.tracker = tracker
  }

  /// The iterator; create one only. O(1).
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), tracker: tracker)
  }

  /// Yields the base's snapshots, marking the previous one shown first.
  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncStream<ToDoSnapshot>.Iterator
    let tracker: RenderedRevisions
    var handedOut: Int?

    /// The next snapshot, after recording that the one handed out before
    /// is on screen; `nil` (and every waiter released) when the store's
    /// stream ends. O(1) plus the wait.
    public mutating func next() async -> ToDoSnapshot? {
      if let handedOut { tracker.markShown(handedOut) }
      guard let snapshot = await base.next() else {
        tracker.markFinished()
        return nil
      }
      handedOut = snapshot.revision
      return snapshot
    }
  }
}

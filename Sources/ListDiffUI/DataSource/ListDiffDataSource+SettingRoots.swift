import Foundation
import HeadlessCollection
import ListDiff
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

extension ListDiffDataSource {
  // MARK: Setting the root

  /// Shows `section` (nil: nothing): diffs it against what is shown and
  /// applies the difference as one batch update.
  ///
  /// Without `applyUpdatesAsync`, the root is applied when this returns —
  /// unless it is set from inside a callback of this data source (a
  /// controller hook, `itemSize`, the ``updateHandler``, a completion, a
  /// delegate method) or while another root is applied: it then waits and is
  /// applied right after the current work. With `applyUpdatesAsync`, the
  /// root is flattened and diffed on a background task and applied later on
  /// the main actor. Either way roots are applied in the order they were
  /// set; a root that is still waiting when a newer one is set is skipped
  /// (the newer one replaces it), and every completion is called once, in
  /// the order the roots were set, when its root or a newer one is shown.
  /// The view models of the root a new one replaces are released on the main
  /// actor's next turn, or when the next root is applied if that is sooner.
  ///
  /// - Parameters:
  ///   - section: the new root.
  ///   - animate: whether the batch update is animated.
  ///   - completion: called on the main actor once the root (or a newer one)
  ///     is shown.
  /// - Complexity: O(*n* + *m*) for *n* old and *m* new items (flattening and
  ///   the diff; when items are inserted, one hash of every new item's
  ///   identity to find repeats), plus O(*c*) for *c* changes and the work
  ///   of the cells on screen.
  public func setRootSection(
    _ section: Section?, animate: Bool = false, completion: (@MainActor () -> Void)? = nil
  ) {
    history.rootWasSet(section)
    scheduler.enqueue(section, animate: animate, completion: completion)
    drain()
  }

  /// Shows `section` and returns once it, or a newer root, is shown.
  ///
  /// - Complexity: as ``setRootSection(_:animate:completion:)``.
  public func setRootSection(_ section: Section?, animate: Bool = false) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      setRootSection(section, animate: animate) { continuation.resume() }
    }
  }

  /// Shows every element of `sequence`, in order, as the root `section`
  /// makes of it, until the sequence ends or the returned task is cancelled.
  ///
  /// Each element's root is applied before the next element is requested, so
  /// none is skipped. `section` runs on a background task, not on the main
  /// actor (it is `@Sendable`; a `@MainActor` closure does not compile): build
  /// the sections there from the element alone. If the sequence throws,
  /// observing stops and a ``ListDiffDiagnostic/Kind/sequenceFailed``
  /// diagnostic is reported. The task does not keep the data source alive and is
  /// cancelled when the data source is released, so it ends then even if
  /// the sequence produces nothing more (a sequence that ignores
  /// cancellation ends at its next element).
  ///
  /// ```swift
  /// let observation = dataSource.observe(store.snapshots) { snapshot in
  ///   ListSection<Todo, TodoController>(snapshot.todos) {
  ///     TodoViewModel(todo: $0)
  ///   }
  /// }
  /// ```
  ///
  /// - Complexity: that of ``setRootSection(_:animate:completion:)`` per element.
  @discardableResult
  public func observe<S: AsyncSequence & Sendable>(
    _ sequence: S, animate: Bool = false,
    section: @escaping @Sendable (S.Element) -> Section?
  ) -> Task<Void, Never> where S.Element: Sendable {
    let id = observations.reserveID()
    let task = Task.detached { [reference = backReference] in
      var iterator = sequence.makeAsyncIterator()
      do {
        while !Task.isCancelled, let element = try await iterator.next() {
          let root = section(element)
          guard !Task.isCancelled, let dataSource = await reference.object else { break }
          await dataSource.setRootSection(root, animate: animate)
        }
      } catch {
        await reference.object?.report(
          ListDiffDiagnostic(
            kind: .sequenceFailed,
            message: "the observed sequence threw \(error); no further roots are shown from it"))
      }
      await reference.object?.observationEnded(id)
    }
    observations.insert(task, id: id)
    return task
  }

  private func observationEnded(_ id: Int) {
    observations.remove(id)
  }
}

/// The tasks `observe` started that have not ended yet: cancelled when the
/// data source is released, so that none outlives it waiting on an idle
/// sequence.
///
/// Invariant: holds exactly the tasks started and not yet ended (a task
/// removes itself, on the main actor, as it ends).
struct ObservationTasks {
  private var tasks: [Int: Task<Void, Never>] = [:]
  private var nextID = 0

  /// The number of tasks that have not ended.
  var count: Int { tasks.count }

  /// An identifier for the next task.
  mutating func reserveID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  mutating func insert(_ task: Task<Void, Never>, id: Int) {
    tasks[id] = task
  }

  mutating func remove(_ id: Int) {
    tasks[id] = nil
  }

  /// Cancels every task that has not ended.
  func cancelAll() {
    for task in tasks.values { task.cancel() }
  }
}

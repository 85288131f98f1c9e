import Foundation

/// A call the collection could not honour as made, and what it did instead.
///
/// UIKit answers these with an exception or with a broken screen; here none
/// stops the program or loses an item. Each is reported, where it happens,
/// to ``CollectionView/misuseHandler`` and the collection goes on with the
/// recovery the report describes:
///
/// - the data source returns, from `collectionView(_:cellForItemAt:)`, a
///   cell that already shows another item on screen (or, from
///   `collectionView(_:viewForSupplementaryElementOfKind:at:)`, a view
///   already on screen): that item keeps its cell, and the asking item gets
///   a new instance of the returned class, which the data source has not
///   configured;
/// - a dequeue names a reuse identifier (and kind) that was never
///   registered: a plain ``CollectionViewCell`` (a plain
///   ``CollectionReusableView`` for a header or footer) is handed out with
///   that identifier, and reused like any other;
/// - the layout does not settle: callbacks change the collection during
///   every one of ``CollectionView/maximumLayoutPasses`` layout passes in
///   a row (UIKit loops, or throws "the layout is being invalidated in an
///   infinite loop" in some versions): ``CollectionView/layoutIfNeeded()``
///   returns, and the next call lays out what was left.
///
/// A value holds two short strings: copying and comparing it is O(their
/// length).
public struct CollectionViewMisuse: Hashable, Sendable, CustomStringConvertible {
  /// What was wrong with the call, in UIKit's words where UIKit has some.
  public let problem: String
  /// What the collection did instead.
  public let recovery: String

  /// A misuse described by `problem`, recovered from as `recovery` says.
  ///
  /// - Complexity: O(1).
  public init(problem: String, recovery: String) {
    self.problem = problem
    self.recovery = recovery
  }

  /// One line: "collection view misuse: `problem`; `recovery`".
  ///
  /// - Complexity: O(length of the line).
  public var description: String {
    "collection view misuse: \(problem); \(recovery)"
  }
}

extension CollectionView {
  /// Tells ``misuseHandler`` (or standard error) about a misuse and its
  /// recovery.
  func reportMisuse(_ problem: String, recovery: String) {
    let misuse = CollectionViewMisuse(problem: problem, recovery: recovery)
    if let misuseHandler {
      misuseHandler(misuse)
    } else {
      FileHandle.standardError.write(Data((misuse.description + "\n").utf8))
    }
  }

  /// A new view of `view`'s class, for a data source that returned `view`
  /// though it is already on screen (`what` names the element asked for):
  /// reported, with the same reuse identifier, at `frame`. The view on
  /// screen stays where it is.
  ///
  /// - Complexity: O(1) plus the class's initializer.
  func freshView<View: CollectionReusableView>(replacing view: View, for what: String, frame: CGRect) -> View {
    let fresh = type(of: view).init(frame: frame)
    fresh.reuseIdentifier = view.reuseIdentifier
    fresh.owner = self
    reportMisuse(
      "the data source returned for \(what) a \(type(of: view)) that is already on screen "
        + "showing something else (dequeue a view for each call)",
      recovery: "what it showed keeps it; a new \(type(of: view)), not configured by the data source, "
        + "shows \(what)")
    return fresh
  }
}

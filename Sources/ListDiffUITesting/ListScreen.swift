import Foundation
import ListDiffUI
import Testing

/// A list screen under test: a collection view of a given size in points,
/// which are characters when it is drawn as text, fed by a
/// `ListDiffDataSource` that the screen keeps alive, with every step laid
/// out before it returns.
///
/// ```swift
/// @Test @MainActor func scrollingAPantry() {
///   let screen = ListScreen(width: 16, height: 3)
///   screen.setRoot(grocerySection(pantry))
///   screen.tap(identifier: "6")
///   expectSnapshot(screen, named: "sixth")
/// }
/// ```
///
/// (`grocerySection` and `pantry` are the article *Driving a screen*'s.)
///
/// The screen records what the data source reports: every batch it applied
/// (``updates``), every diagnostic (``diagnostics``) and every callback each
/// controller received (``lifecycle(of:sectionPath:)``). A `.warning`
/// diagnostic fails the running test where the step that caused it was
/// called, unless the step ran inside ``expectWarnings(_:sourceLocation:during:)-(_,_,()->Result)``.
///
/// The screen installs the data source's `ListDiffDataSource/updateHandler`
/// and `ListDiffDataSource/diagnosticHandler` to record them. A test that
/// needs its own handler keeps the screen's and calls it first:
///
/// ```swift
/// let recording = screen.dataSource.updateHandler
/// screen.dataSource.updateHandler = { update in
///   recording?(update)
///   // …
/// }
/// ```
///
/// Replacing a handler without calling the screen's stops that record (and,
/// for diagnostics, the failure on unexpected warnings).
@MainActor
public final class ListScreen {
  /// The collection view the screen shows, sized in points (= characters).
  public let collectionView: CollectionView

  /// The data source feeding ``collectionView``, kept alive by the screen.
  public let dataSource: ListDiffDataSource

  /// Every batch the data source applied, oldest first, as its
  /// `ListDiffDataSource/updateHandler` heard them.
  public private(set) var updates: [ListDiffUpdate] = []

  /// Every diagnostic the data source reported, oldest first: notes,
  /// expected warnings and unexpected ones.
  public internal(set) var diagnostics: [ListDiffDiagnostic] = []

  let lifecycleRecorder = LifecycleRecorder()
  /// The blocks of `expectWarnings(_:sourceLocation:during:)` running, innermost last.
  var warningExpectations: [WarningExpectation] = []
  /// Where the step being run (or the last one) was called: where an
  /// unexpected warning is reported.
  var stepLocation: SourceLocation
  /// What the last tap, scroll, drag or resize did; see ``lastGesture``.
  var lastGestureCounts = ListWorkCounts()
  /// The accessibility notifications posted since the step being run (or
  /// the last one) began; see ``accessibilityNotifications``.
  var notificationsOfStep: [ListAccessibilityNotification] = []
  /// Where the screen's failures go instead of the running test: set by
  /// `fuzzList`, which runs steps whose failures it judges itself.
  package var issueSink: (@MainActor (String) -> Void)?

  /// Creates a screen `width` points (characters) wide and `height` tall:
  /// a `CollectionView` with a vertical `CollectionViewFlowLayout` whose
  /// items touch (no spacing unless asked), and a `ListDiffDataSource` on it.
  ///
  /// - Parameters:
  ///   - width: the viewport's width in points; negative counts as 0.
  ///   - height: the viewport's height in points; negative counts as 0.
  ///   - lineSpacing: the layout's `minimumLineSpacing`, between lines of items.
  ///   - interitemSpacing: the layout's `minimumInteritemSpacing`, between
  ///     items on one line.
  ///   - applyUpdatesAsync: the data source's mode; use `await`
  ///     `setRoot(_:animate:sourceLocation:)` with it.
  ///   - contextObjects: the dependencies controllers find through their context.
  ///   - sourceLocation: where a warning reported while creating the
  ///     screen (two context objects of one class) fails the test.
  /// - Complexity: O(*k*) in the number of context objects.
  public convenience init(
    width: Int, height: Int, lineSpacing: Int = 0, interitemSpacing: Int = 0,
    applyUpdatesAsync: Bool = false, contextObjects: AnyObject...,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.init(
      width: width, height: height, lineSpacing: lineSpacing, interitemSpacing: interitemSpacing,
      applyUpdatesAsync: applyUpdatesAsync, contextObjectList: contextObjects, sourceLocation: sourceLocation)
  }

  /// The initializer above with the context objects in an array. Not API.
  package init(
    width: Int, height: Int, lineSpacing: Int = 0, interitemSpacing: Int = 0,
    applyUpdatesAsync: Bool = false, contextObjectList contextObjects: [AnyObject],
    issueSink: (@MainActor (String) -> Void)? = nil, sourceLocation: SourceLocation
  ) {
    self.issueSink = issueSink
    stepLocation = sourceLocation
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = CGFloat(lineSpacing)
    layout.minimumInteritemSpacing = CGFloat(interitemSpacing)
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: max(0, width), height: max(0, height)),
      collectionViewLayout: layout)
    // The handler goes in with the initializer, so that what the data
    // source reports while it is created (two context objects of one class)
    // reaches the screen. Weak: a test may keep the data source longer than
    // the screen. Until `self` is complete, a diagnostic waits in `early`.
    let early = EarlyDiagnostics()
    dataSource = ListDiffDataSource(
      collectionView: collectionView, applyUpdatesAsync: applyUpdatesAsync,
      contextObjectList: contextObjects, diagnosticHandler: { early.list.append($0) })
    dataSource.diagnosticHandler = { [weak self] diagnostic in self?.receive(diagnostic) }
    dataSource.updateHandler = { [weak self] update in self?.updates.append(update) }
    dataSource.inspection.lifecycleObserver = { [lifecycleRecorder] controller, event in
      lifecycleRecorder.record(event, of: controller)
    }
    // Through the inspection, not the app's handler: a test that sets
    // `accessibilityNotificationHandler` keeps hearing them itself.
    dataSource.inspection.accessibilityNotificationObserver = { [weak self] notification in
      self?.notificationsOfStep.append(notification)
    }
    for diagnostic in early.list { receive(diagnostic) }
    if width < 0 || height < 0 {
      record(
        "ListScreen(width: \(width), height: \(height)): a size cannot be negative; 0 is used",
        at: sourceLocation)
    }
  }

  // MARK: Content

  /// Shows `section` (nil: nothing) and lays it out: applied, with every
  /// callback delivered, when this returns.
  ///
  /// On a screen created with `applyUpdatesAsync: true` a root cannot be
  /// waited for here: the test fails, telling you to `await` the other form,
  /// and the root is applied when the data source gets to it.
  ///
  /// - Complexity: that of `ListDiffDataSource/setRootSection(_:animate:completion:)`.
  public func setRoot(
    _ section: Section?, animate: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    beginStep(at: sourceLocation)
    if dataSource.applyUpdatesAsync {
      record(
        """
        setRoot(_:) cannot wait for a root on a screen with applyUpdatesAsync: true; \
        use `await screen.setRoot(_:)`
        """,
        at: sourceLocation)
    }
    dataSource.setRootSection(section, animate: animate)
    collectionView.layoutIfNeeded()
  }

  /// Shows `section` (nil: nothing) and returns once it, or a root set after
  /// it, is applied and laid out. For either mode of the data source.
  ///
  /// - Complexity: that of `ListDiffDataSource/setRootSection(_:animate:)`.
  public func setRoot(
    _ section: Section?, animate: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    beginStep(at: sourceLocation)
    await dataSource.setRootSection(section, animate: animate)
    collectionView.layoutIfNeeded()
  }

  /// The viewport as `CollectionView/renderText()` draws it, one line per
  /// point of height, with the spaces at the end of each line removed.
  ///
  /// - Complexity: O(width × height), plus a layout pass if one is pending.
  public var text: String {
    collectionView.renderText()
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map(Self.droppingTrailingSpaces)
      .joined(separator: "\n")
  }

  nonisolated static func droppingTrailingSpaces(_ line: Substring) -> Substring {
    guard let last = line.lastIndex(where: { $0 != " " }) else { return line.prefix(0) }
    return line[...last]
  }

  /// The callbacks the controller of the item with `identifier` received, in
  /// order, one line each by the name of the method: `configureCell`,
  /// `cellDidLayoutSubviews`, `didMount`, `didAppear`, `didFullyAppear`,
  /// `willPartiallyDisappear`, `willDisappear`, `willUnmount`,
  /// `didUpdateViewModel`, `didSelect`.
  ///
  /// `sectionPath` names enclosing sections where the identifier repeats, as
  /// in `ListDiffDataSource/indexPath(forIdentifier:sectionPath:)`. A
  /// deleted item's controller keeps its lines (so they end with its
  /// unmounting); when several controllers had the identity (the item was
  /// deleted and inserted again), the newest one's lines are returned. Empty
  /// when no such controller received anything.
  ///
  /// - Complexity: O(*c*) in the number of controllers that received a callback.
  public func lifecycle(of identifier: String, sectionPath: [String] = []) -> [String] {
    lifecycleRecorder.lines(of: identifier, sectionPath: sectionPath)
  }

  /// Starts a step called at `sourceLocation`: where a warning it causes
  /// fails the test, and what ``accessibilityNotifications`` hears from now.
  /// Every call that acts on the screen begins with it. Package access:
  /// `fuzzList` begins its own steps.
  package func beginStep(at sourceLocation: SourceLocation) {
    stepLocation = sourceLocation
    notificationsOfStep = []
  }

  /// Fails the running test at `sourceLocation` with `message`, or hands
  /// the message to ``issueSink`` when one is set.
  func record(_ message: String, at sourceLocation: SourceLocation) {
    if let issueSink {
      issueSink(message)
    } else {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }

  /// Forgets the updates, diagnostics and lifecycle lines recorded so far,
  /// so that the next assertions see only what follows.
  ///
  /// - Complexity: O(*r*) in the number of records.
  public func resetRecords() {
    updates = []
    diagnostics = []
    lifecycleRecorder.reset()
  }
}

/// The diagnostics a data source reports while it is created, held until
/// the screen that created it is complete and can take them.
@MainActor
private final class EarlyDiagnostics {
  var list: [ListDiffDiagnostic] = []
}

import HeadlessCollection

extension ListDiffDataSource {
  /// What keeps its place on screen through updates: ``ListScrollAnchor/none``
  /// (the default, UIKit's behaviour: the content offset is kept),
  /// ``ListScrollAnchor/visibleContent`` (the first visible item that
  /// survives keeps its position) or ``ListScrollAnchor/bottom`` (a viewport
  /// at the end stays there).
  ///
  /// The collection view moves the offset inside the update's own batch, so
  /// the batch's layout pass already shows the anchored viewport: controllers
  /// hear appearance callbacks only for what really came into view. The
  /// offset moves without `scrollViewDidScroll`, since nothing moved on
  /// screen. A root applied as a reload (the first one, or one whose batch
  /// the collection view rejected) keeps the offset.
  ///
  /// - Complexity: O(1) to set; each update then costs O(log *n* + *v*)
  ///   more, plus O(*k* log *k*) for *k* changes when the viewport's first
  ///   items were deleted.
  public var scrollAnchor: ListScrollAnchor {
    get {
      switch collectionView.contentAnchoring {
      case .none: return .none
      case .visibleContent: return .visibleContent
      case .end: return .bottom
      }
    }
    set {
      switch newValue {
      case .none: collectionView.contentAnchoring = .none
      case .visibleContent: collectionView.contentAnchoring = .visibleContent
      case .bottom: collectionView.contentAnchoring = .end
      }
    }
  }
}

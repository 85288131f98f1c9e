/// An edge of the list where more can be loaded (Texture's batch fetching).
public enum ListLoadMoreEdge: Hashable, Sendable, CaseIterable {
  /// Before the first item: older messages, an earlier page.
  case top
  /// After the last item: the next page of a feed.
  case bottom
}

/// The edges ``ListDiffDataSource/loadMoreEdges`` loads more at.
public struct ListLoadMoreEdges: OptionSet, Hashable, Sendable {
  /// The edges as bits.
  public let rawValue: Int

  /// Edges from their bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Before the first item.
  public static let top = ListLoadMoreEdges(rawValue: 1 << 0)
  /// After the last item.
  public static let bottom = ListLoadMoreEdges(rawValue: 1 << 1)

  /// Whether `edge` is among these.
  ///
  /// - Complexity: O(1).
  public func contains(_ edge: ListLoadMoreEdge) -> Bool {
    contains(edge == .top ? ListLoadMoreEdges.top : ListLoadMoreEdges.bottom)
  }
}

/// What a ``ListDiffDataSource/loadMoreHandler`` found.
public enum ListLoadMoreResult: Hashable, Sendable {
  /// It loaded something (and set a root with it); there may be more.
  case more
  /// There is nothing more at that edge: the handler is not called for it
  /// again.
  case exhausted
}

/// Where loading more stands at one edge (``ListDiffDataSource/loadMoreState``).
public enum ListLoadMoreState: Hashable, Sendable {
  /// Waiting for the viewport to come near the edge.
  case idle
  /// The handler is running; a row at the edge says "loading…".
  case loading
  /// The handler threw (the error's description); a row at the edge says
  /// so and offers a retry (``ListDiffDataSource/retryLoadMore(_:)``, or a
  /// tap on the row).
  case failed(String)
  /// The handler said there is no more.
  case exhausted
}

import Foundation

/// The spacing a section's items are laid out with, as the layout or its
/// delegate gave them when the whole layout was last computed.
struct SectionMetrics: Equatable {
  var inset: EdgeInsets
  var lineSpacing: CGFloat
  var interitemSpacing: CGFloat
  /// The length of the section's header along the scroll direction; zero
  /// for none.
  var headerLength: CGFloat = 0
  /// The length of the section's footer along the scroll direction; zero
  /// for none.
  var footerLength: CGFloat = 0
}

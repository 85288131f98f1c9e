import Foundation

/// The spacing a section's items are laid out with, as the layout or its
/// delegate gave them when the whole layout was last computed.
struct SectionMetrics: Equatable {
  var inset: EdgeInsets
  var lineSpacing: CGFloat
  var interitemSpacing: CGFloat
}

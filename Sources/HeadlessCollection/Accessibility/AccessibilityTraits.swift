/// What an element is and how it behaves, as assistive technology reads
/// it: UIKit's `UIAccessibilityTraits`, with its names and raw bit values,
/// so that a ported cell's `accessibilityTraits = [.button, .selected]`
/// compiles and means the same here. An option set of bits: every
/// operation is O(1).
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
  /// The raw bits, as UIKit's.
  public let rawValue: UInt64

  /// Traits from their raw bits.
  ///
  /// - Complexity: O(1).
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// No traits.
  public static let none = AccessibilityTraits([])
  /// Activating it does something: a button.
  public static let button = AccessibilityTraits(rawValue: 1 << 0)
  /// It opens a link.
  public static let link = AccessibilityTraits(rawValue: 1 << 1)
  /// It is an image.
  public static let image = AccessibilityTraits(rawValue: 1 << 2)
  /// It is selected (the list adds this to a selected item's element).
  public static let selected = AccessibilityTraits(rawValue: 1 << 3)
  /// Activating it plays a sound.
  public static let playsSound = AccessibilityTraits(rawValue: 1 << 4)
  /// It is a key of a keyboard.
  public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 5)
  /// It is text that does not change.
  public static let staticText = AccessibilityTraits(rawValue: 1 << 6)
  /// It sums up the screen, read when the screen appears.
  public static let summaryElement = AccessibilityTraits(rawValue: 1 << 7)
  /// It is disabled ("dimmed").
  public static let notEnabled = AccessibilityTraits(rawValue: 1 << 8)
  /// Its label or value changes often.
  public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
  /// It is a search field.
  public static let searchField = AccessibilityTraits(rawValue: 1 << 10)
  /// Activating it starts a media session.
  public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
  /// Its value is adjusted by swiping up and down
  /// (`accessibilityIncrement()`, `accessibilityDecrement()`).
  public static let adjustable = AccessibilityTraits(rawValue: 1 << 12)
  /// Touches reach it directly.
  public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 13)
  /// Reading past its end turns the page.
  public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 14)
  /// It is a tab bar.
  public static let tabBar = AccessibilityTraits(rawValue: 1 << 15)
  /// It heads a section of content: heading moves go to it (the list adds
  /// this to its header items).
  public static let header = AccessibilityTraits(rawValue: 1 << 16)

  /// The traits VoiceOver speaks after an element's label and value, in
  /// the order it speaks them, with what it says.
  static let spoken: [(trait: AccessibilityTraits, word: String)] = [
    (.selected, "Selected"), (.button, "Button"), (.link, "Link"), (.header, "Heading"), (.image, "Image"),
    (.searchField, "Search Field"), (.adjustable, "Adjustable"), (.notEnabled, "Dimmed"),
  ]

  /// What VoiceOver says of these traits, in its order ("Selected",
  /// "Button", "Heading", "Dimmed"…); traits it does not speak are left out.
  ///
  /// - Complexity: O(1).
  package var spokenWords: [String] {
    Self.spoken.filter { contains($0.trait) }.map(\.word)
  }
}

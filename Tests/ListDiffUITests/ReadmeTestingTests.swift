// The README's "Testing your list screens" example, verbatim between the
// markers (a test below compares them), with its snapshot in
// __Snapshots__/ReadmeTestingTests/. It uses the quick start's contacts
// (ReadmeQuickStartTests.swift).

import Foundation
// README testing begins
import ListDiffUI
import ListDiffUITesting
import Testing

@Test @MainActor func tappingAContactStarsIt() {
  let screen = ListScreen(width: 24, height: 3)
  screen.setRoot(
    ListSection<Contact, ContactController>([
      Contact(id: "1", name: "Ada", unread: 0), Contact(id: "2", name: "Grace", unread: 2),
    ]) { ContactViewModel(identifier: $0.id, name: $0.name, unread: $0.unread) })
  screen.tap(identifier: "1")
  #expect(screen.lifecycle(of: "1").contains("didSelect"))
  expectSnapshot(screen, named: "starred")
}
// README testing ends

/// The quick start's contacts as its section, for the README's
/// accessibility test.
@MainActor
func contactSection(_ contacts: Contact...) -> Section {
  ListSection<Contact, ContactController>(contacts) {
    ContactViewModel(identifier: $0.id, name: $0.name, unread: $0.unread)
  }
}

let ada = Contact(id: "1", name: "Ada", unread: 0)
let grace = Contact(id: "2", name: "Grace", unread: 2)

// README accessibility begins
@Test @MainActor func voiceOverStarsGrace() {
  let screen = ListScreen(width: 24, height: 3)
  screen.setRoot(contactSection(ada, grace))
  screen.moveAccessibilityFocus(.last)   // VoiceOver's cursor to the last one, Grace
  screen.activateAccessibilityFocus()    // a double tap: stars and selects her
  expectSnapshot(screen.accessibilityText, named: "voiceover")
}
// README accessibility ends

@Suite("README testing section")
struct ReadmeTestingTests {
  /// The README's block, read where `swift test` runs it: the repository
  /// the test file is in. Bazel does not give tests the README.
  @Test(.disabled(if: ProcessInfo.processInfo.environment["TEST_SRCDIR"] != nil, "the README is not a runfile"))
  func theReadmeShowsThisCode() throws {
    let testFile = URL(fileURLWithPath: #filePath)
    let readme = testFile.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("README.md")
    let source = try String(contentsOf: testFile, encoding: .utf8)
    let example = try #require(
      source.components(separatedBy: "// README testing begins\n").last?
        .components(separatedBy: "// README testing ends").first)
    let readmeText = try String(contentsOf: readme, encoding: .utf8)
    let section = try #require(readmeText.components(separatedBy: "## Testing your list screens").last)
    #expect(section.contains("```swift\n" + example + "```\n"), "README.md's test differs from \(testFile.lastPathComponent)")
    let accessibility = try #require(
      source.components(separatedBy: "// README accessibility begins\n").last?
        .components(separatedBy: "// README accessibility ends").first)
    #expect(
      section.contains("```swift\n" + accessibility + "```\n"),
      "README.md's accessibility test differs from \(testFile.lastPathComponent)")
  }
}

import Foundation
import HeadlessCollection
import Testing

/// An invalid update made outside a batch with no `invalidUpdateHandler`
/// stops the program with UIKit's message, as UIKit's exception does (the
/// documented default; a handler records it instead and the collection is
/// left unchanged). Each case runs in a child process. Other misuse is
/// reported and recovered from: see `MisuseRecoveryTests`.
@Suite(.timeLimit(.minutes(20))) struct ProgrammerErrorTests {
  /// Whether the child's standard error contains `text`.
  func stderr(_ result: ExitTest.Result?, contains text: String) -> Bool {
    guard let result else { return false }
    return String(decoding: result.standardErrorContent, as: UTF8.self).contains(text)
  }

  @Test func anInvalidChangeOutsideABatchStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let model = ListModel(["a"])
        let collection = makeCollection(model)
        collection.insertItems(at: [IndexPath(item: 0, section: 0)])  // the count did not change
      }
    }
    #expect(stderr(result, contains: "Invalid update: invalid number of items in section 0."))
  }
}

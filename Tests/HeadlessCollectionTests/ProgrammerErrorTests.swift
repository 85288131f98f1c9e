import Foundation
import HeadlessCollection
import Testing

/// Misuse that UIKit answers with an exception stops the program here, with
/// the message; each case runs in a child process.
@Suite(.timeLimit(.minutes(5))) struct ProgrammerErrorTests {
  /// Whether the child's standard error contains `text`.
  func stderr(_ result: ExitTest.Result?, contains text: String) -> Bool {
    guard let result else { return false }
    return String(decoding: result.standardErrorContent, as: UTF8.self).contains(text)
  }

  @Test func dequeuingAnUnregisteredIdentifierStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let collection = CollectionView(
          frame: CGRect(x: 0, y: 0, width: 10, height: 10),
          collectionViewLayout: CollectionViewFlowLayout())
        _ = collection.dequeueReusableCell(withReuseIdentifier: "nope", for: IndexPath(item: 0, section: 0))
      }
    }
    #expect(stderr(result, contains: "could not dequeue a view of kind: UICollectionElementKindCell with identifier nope"))
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

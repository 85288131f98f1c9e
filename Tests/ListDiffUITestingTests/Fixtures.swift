import Foundation
import HeadlessCollection
import ListDiffUI

// A one-line row: the view model, its cell and its controller, for screens
// that the kit's tests drive.

struct Row: ListViewModel, Equatable {
  var identifier: String
  var title: String
  var height: CGFloat = 1
}

final class RowCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class RowController: ListCellController<Row, ListViewStateNone, RowCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: viewModel.height)
  }
  override func configureCell(cell: RowCell) {
    cell.text = viewModel.title
  }
  override func didSelect(cell: RowCell) {
    context.object(type: Taps.self)?.identifiers.append(viewModel.identifier)
  }
}

/// The identifiers tapped, in order; a context object.
@MainActor
final class Taps {
  var identifiers: [String] = []
}

/// Rows titled by their identifiers.
func rows(_ identifiers: [String]) -> ListSection<Row, RowController> {
  ListSection<Row, RowController>(identifiers.map { Row(identifier: $0, title: $0) })
}

func rows(_ identifiers: String...) -> ListSection<Row, RowController> {
  rows(identifiers)
}

/// Collects what a `@Sendable` closure sees (an issue matcher's issues).
final class Collected<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Value] = []

  func append(_ value: Value) {
    lock.lock()
    defer { lock.unlock() }
    storage.append(value)
  }

  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}

/// A fresh temporary directory, removed when the test is done with it.
struct TemporaryDirectory: ~Copyable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("ListDiffUITestingTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Every file and folder below the directory, as paths relative to it, sorted.
  func contents() -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: url.path)
    var paths: [String] = []
    while let path = enumerator?.nextObject() as? String { paths.append(path) }
    return paths.sorted()
  }
}

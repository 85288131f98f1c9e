import Foundation

/// The JSON file's top level: a format tag and version, then the items.
///
/// The tag lets the app tell its own file from any other JSON it is pointed
/// at; the version lets a later format be recognised and left alone instead
/// of being misread and overwritten.
struct ToDoDocument: Codable {
  static let formatName = "listdiffui-todo"
  static let currentVersion = 1

  var format: String
  var version: Int
  var items: [ToDoItem]

  init(items: [ToDoItem]) {
    self.format = Self.formatName
    self.version = Self.currentVersion
    self.items = items
  }

  /// The file's bytes: pretty-printed with sorted keys, so that a saved list
  /// reads well and diffs well in version control. O(n).
  static func encode(_ items: [ToDoItem]) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    var data = try encoder.encode(ToDoDocument(items: items))
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// The items in `data`, with any item that cannot be read or breaks a
  /// rule (a repeated id, a title or notes the app refuses) left out and
  /// described; or a description of why the bytes are not a valid to-do
  /// file of a version this app reads at all. O(n).
  static func decode(_ data: Data) throws(DocumentError) -> Decoded {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    struct Header: Decodable { var format: String?; var version: Int? }
    let header: Header
    do {
      header = try decoder.decode(Header.self, from: data)
    } catch {
      throw DocumentError("it is not valid JSON of this app's format")
    }
    guard header.format == formatName else { throw DocumentError("it is not a \(formatName) file") }
    guard let version = header.version, version >= 1 else { throw DocumentError("it has no valid version") }
    guard version <= currentVersion else {
      throw DocumentError("it was written by a newer version of todo (format \(version))", newerVersion: version)
    }
    let entries: [Entry]
    do {
      entries = try decoder.decode(Items.self, from: data).items
    } catch {
      throw DocumentError("its items are malformed (\(describe(error)))")
    }
    var seen = Set<String>()
    var items: [ToDoItem] = []
    var dropped: [String] = []
    for (offset, entry) in entries.enumerated() {
      let item: ToDoItem
      switch entry.item {
      case .failure(let error):
        dropped.append("item \(offset + 1) (\(describe(error)))")
        continue
      case .success(let decoded): item = decoded
      }
      guard seen.insert(item.id).inserted else {
        dropped.append("item \(offset + 1) (it repeats the id \(item.id))")
        continue
      }
      do {
        _ = try ToDoText.validatedTitle(item.title)
        _ = try ToDoText.validatedNotes(item.notes)
      } catch {
        dropped.append("item \(offset + 1) (\(error))")
        continue
      }
      items.append(item)
    }
    return Decoded(items: items, dropped: dropped)
  }

  /// What a file held: the items that are valid, and a description of each
  /// one that is not ("item 3 (missing title at .title)"), in file order.
  struct Decoded {
    var items: [ToDoItem]
    var dropped: [String]
  }

  /// The items array, each element decoded on its own so that one bad item
  /// does not cost the others.
  private struct Items: Decodable {
    var items: [Entry]
  }

  private struct Entry: Decodable {
    var item: Result<ToDoItem, any Error>

    init(from decoder: any Decoder) throws {
      do {
        item = .success(try ToDoItem(from: decoder))
      } catch {
        item = .failure(error)
      }
    }
  }

  private static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    switch error {
    case .keyNotFound(let key, let context):
      return "missing \(key.stringValue) at \(path(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return "\(context.debugDescription) at \(path(context))"
    @unknown default:
      return String(describing: error)
    }
  }

  private static func path(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    return path.isEmpty ? "the top level" : path
  }
}

/// Why the bytes of a file are not a readable to-do list.
struct DocumentError: Error, CustomStringConvertible {
  var description: String
  /// The format version, when the file is of a newer version than this
  /// app reads (which it must leave alone rather than set aside).
  var newerVersion: Int?
  init(_ description: String, newerVersion: Int? = nil) {
    self.description = description
    self.newerVersion = newerVersion
  }
}

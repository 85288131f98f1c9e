import Foundation
import ListDiffUI

// AccessibilitySnapshotModel's types (cashapp/AccessibilitySnapshot 0.12.1,
// the folder AccessibilitySnapshotModel), as far as a list needs them, and
// their JSON as that package's `Codable` conformances write it: a device
// export (`[AccessibilityHierarchy]`) and a headless one decode alike and
// compare field for field. No dependency: the format is written here.
//
// The rules of the format, from that package's source:
// - an enum case with values is an object keyed by the case, holding its
//   values keyed by their labels, `_0` for an unlabelled one (Swift's
//   synthesized `Codable`): `{"element": {"_0": {…}, "traversalIndex": 0}}`;
//   a case without values holds an empty object: `{"list": {}}`;
// - points and sizes are arrays, `[x, y]` and `[width, height]`, and a rect
//   is `[[x, y], [width, height]]` (CoreGraphics' `Codable`, which the model
//   keeps);
// - a shape is `{"type": "frame", "frame": rect}`;
// - traits are an array of their names, in the model's order, bits it has
//   no name for as `unknown(bits)`;
// - an optional that is nil is left out (synthesized `encodeIfPresent`).

/// `AccessibilityHierarchy`: an element with its place in reading order, or
/// a container of more.
indirect enum SnapshotNode {
  case element(SnapshotElement, traversalIndex: Int)
  case container(SnapshotContainer, children: [SnapshotNode])

  var json: JSONText {
    switch self {
    case .element(let element, let index):
      .object([("element", .object([("_0", element.json), ("traversalIndex", .number(Double(index)))]))])
    case .container(let container, let children):
      .object([("container", .object([("_0", container.json), ("children", .array(children.map(\.json)))]))])
    }
  }
}

/// `AccessibilityContainer`: what groups its children, and where it is.
struct SnapshotContainer {
  /// `AccessibilityContainer.ContainerType`'s cases a list uses.
  enum Kind {
    case list
    case dataTable(rowCount: Int, columnCount: Int)
  }

  var kind: Kind
  var frame: CGRect

  var json: JSONText {
    let type: JSONText
    switch kind {
    case .list:
      type = .object([("list", .object([]))])
    case .dataTable(let rows, let columns):
      type = .object([
        ("dataTable", .object([("rowCount", .number(Double(rows))), ("columnCount", .number(Double(columns)))]))
      ])
    }
    return .object([("type", type), ("frame", Self.rect(frame))])
  }

  /// `AccessibilityRect`: `[[x, y], [width, height]]`.
  static func rect(_ rect: CGRect) -> JSONText {
    .array([point(rect.origin), .array([.number(Double(rect.width)), .number(Double(rect.height))])])
  }

  /// `AccessibilityPoint`: `[x, y]`.
  static func point(_ point: CGPoint) -> JSONText {
    .array([.number(Double(point.x)), .number(Double(point.y))])
  }
}

/// `AccessibilityElement`, with the properties a list's element has; those
/// it never has (custom content and rotors, input labels, a path shape) are
/// written empty or left out, as the model writes them empty or nil.
struct SnapshotElement {
  var description: String
  var label: String?
  var value: String?
  var traits: AccessibilityTraits
  var identifier: String?
  var hint: String?
  /// `shape`, always `.frame`.
  var frame: CGRect
  var activationPoint: CGPoint
  var usesDefaultActivationPoint: Bool
  var customActions: [String]
  var accessibilityLanguage: String?
  var respondsToUserInteraction: Bool

  /// The properties in the model's order.
  var json: JSONText {
    var members: [(key: String, value: JSONText)] = [("description", .string(description))]
    if let label { members.append(("label", .string(label))) }
    if let value { members.append(("value", .string(value))) }
    members.append(("traits", .array(Self.traitNames(traits).map(JSONText.string))))
    if let identifier { members.append(("identifier", .string(identifier))) }
    if let hint { members.append(("hint", .string(hint))) }
    members += [
      ("shape", .object([("type", .string("frame")), ("frame", SnapshotContainer.rect(frame))])),
      ("activationPoint", SnapshotContainer.point(activationPoint)),
      ("usesDefaultActivationPoint", .bool(usesDefaultActivationPoint)),
      ("customActions", .array(customActions.map(JSONText.string))),
      ("customContent", .array([])),
      ("customRotors", .array([])),
    ]
    if let accessibilityLanguage { members.append(("accessibilityLanguage", .string(accessibilityLanguage))) }
    members.append(("respondsToUserInteraction", .bool(respondsToUserInteraction)))
    return .object(members)
  }

  /// The model's trait names and bits (`AccessibilityTraits.knownTraits`),
  /// in its order: UIKit's public traits, then the private ones its parser
  /// reads from the runtime.
  static let traitNames: [(bit: UInt64, name: String)] = [
    (1 << 0, "button"), (1 << 1, "link"), (1 << 2, "image"), (1 << 3, "selected"), (1 << 4, "playsSound"),
    (1 << 5, "keyboardKey"), (1 << 6, "staticText"), (1 << 7, "summaryElement"), (1 << 8, "notEnabled"),
    (1 << 9, "updatesFrequently"), (1 << 10, "searchField"), (1 << 11, "startsMediaSession"),
    (1 << 12, "adjustable"), (1 << 13, "allowsDirectInteraction"), (1 << 14, "causesPageTurn"),
    (1 << 16, "header"), (1 << 15, "tabBar"), (1 << 18, "textEntry"), (1 << 21, "isEditing"),
    (1 << 24, "secureTextField"), (1 << 27, "backButton"), (1 << 28, "tabBarItem"), (1 << 47, "textArea"),
    (1 << 53, "switchButton"),
  ]

  /// `traits` as the model writes them: the names of its known bits, in
  /// order, then `unknown(bits)` for the rest.
  ///
  /// - Complexity: O(1): 24 names at most.
  static func traitNames(_ traits: AccessibilityTraits) -> [String] {
    var remaining = traits.rawValue
    var names: [String] = []
    for (bit, name) in traitNames where remaining & bit != 0 {
      names.append(name)
      remaining &= ~bit
    }
    if remaining != 0 { names.append("unknown(\(remaining))") }
    return names
  }
}

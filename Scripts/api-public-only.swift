// Keeps only the public interface in a `swift-api-digester -dump-sdk` file.
//
//   swift Scripts/api-public-only.swift DUMP.json > PUBLIC.json
//
// The digester dumps `package` declarations along with public ones, marking
// each with "isInternal": true (its name for "less than public"), but they
// are not API: no client outside the package can use them. Every node so
// marked is dropped, with everything under it: a `package` type, member,
// initializer, or the `package(set)` setter of a public property. The output
// is pretty-printed with sorted keys, so it is stable and diff-friendly.

import Foundation

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("api-public-only: \(message)\n".utf8))
  exit(1)
}

/// `node` without the nodes marked internal, or nil if it is one.
func publicOnly(_ node: Any) -> Any? {
  guard var object = node as? [String: Any] else { return node }
  if object["isInternal"] as? Bool == true { return nil }
  for (key, value) in object {
    if let nodes = value as? [Any] {
      object[key] = nodes.compactMap(publicOnly)
    } else if value is [String: Any] {
      object[key] = publicOnly(value)
    }
  }
  return object
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first else { fail("usage: api-public-only.swift DUMP.json") }
guard let data = FileManager.default.contents(atPath: path), let dump = try? JSONSerialization.jsonObject(with: data)
else { fail("cannot read \(path)") }
let output = try JSONSerialization.data(
  withJSONObject: publicOnly(dump) ?? [:], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
FileHandle.standardOutput.write(output)
FileHandle.standardOutput.write(Data("\n".utf8))

// Reads `swift package dump-package` JSON on standard input and prints what
// the shell scripts beside it need, one item a line, tab-separated, so that
// they never parse Package.swift or JSON themselves:
//
//   swift Scripts/package-info.swift library-targets < dump.json
//     name  path  dependencies(comma-separated)   every non-executable,
//     non-test target, dependencies before dependents
//   swift Scripts/package-info.swift library-products < dump.json
//     name  targets(comma-separated)              every library product
//   swift Scripts/package-info.swift platforms < dump.json
//     platform  version                           the manifest's platforms:
//
// Run as a script (`swift file.swift`), it needs only the toolchain.

import Foundation

struct Failure: Error, CustomStringConvertible { var description: String }

func object(_ value: Any?, _ what: String) throws -> [String: Any] {
  guard let object = value as? [String: Any] else { throw Failure(description: "expected an object for \(what)") }
  return object
}

func array(_ value: Any?, _ what: String) throws -> [Any] {
  guard let array = value as? [Any] else { throw Failure(description: "expected an array for \(what)") }
  return array
}

/// The name a target dependency refers to: `byName`, `target` and `product`
/// all hold it first in their array. Products of other packages are not
/// targets here; the package has no package dependencies.
func dependencyName(_ dependency: Any) throws -> (name: String, isProduct: Bool) {
  let dependency = try object(dependency, "a target dependency")
  for (kind, value) in dependency {
    if let name = try array(value, kind).first as? String { return (name, kind == "product") }
  }
  throw Failure(description: "unreadable target dependency \(dependency)")
}

func libraryTargets(_ manifest: [String: Any]) throws -> [String] {
  var targets: [String: (path: String, dependencies: [String])] = [:]
  var order: [String] = []
  for case let target as [String: Any] in try array(manifest["targets"], "targets") {
    guard let name = target["name"] as? String, let type = target["type"] as? String else {
      throw Failure(description: "a target without a name or type")
    }
    guard type == "regular" else { continue }
    let path = target["path"] as? String ?? "Sources/\(name)"
    let dependencies = try array(target["dependencies"], "\(name).dependencies").map(dependencyName)
      .filter { !$0.isProduct }.map(\.name)
    targets[name] = (path, dependencies)
    order.append(name)
  }
  // Depth-first, in manifest order, so the output is stable.
  var emitted: Set<String> = []
  var lines: [String] = []
  func emit(_ name: String, _ path: [String]) throws {
    guard !emitted.contains(name), let target = targets[name] else { return }
    if path.contains(name) {
      throw Failure(description: "dependency cycle: \((path + [name]).joined(separator: " -> "))")
    }
    for dependency in target.dependencies { try emit(dependency, path + [name]) }
    emitted.insert(name)
    lines.append([name, target.path, target.dependencies.filter { targets[$0] != nil }.joined(separator: ",")]
      .joined(separator: "\t"))
  }
  for name in order { try emit(name, []) }
  return lines
}

func libraryProducts(_ manifest: [String: Any]) throws -> [String] {
  try array(manifest["products"], "products").compactMap { product in
    let product = try object(product, "a product")
    guard let name = product["name"] as? String, let type = product["type"] as? [String: Any],
      type["library"] != nil
    else { return nil }
    let targets = try array(product["targets"], "\(name).targets").compactMap { $0 as? String }
    return "\(name)\t\(targets.joined(separator: ","))"
  }
}

func platforms(_ manifest: [String: Any]) throws -> [String] {
  try array(manifest["platforms"], "platforms").map { platform in
    let platform = try object(platform, "a platform")
    return "\(platform["platformName"] as? String ?? "?")\t\(platform["version"] as? String ?? "?")"
  }
}

do {
  let arguments = CommandLine.arguments.dropFirst()
  guard arguments.count == 1, let query = arguments.first else {
    throw Failure(description: "usage: package-info.swift library-targets|library-products|platforms < dump.json")
  }
  let input = FileHandle.standardInput.readDataToEndOfFile()
  let manifest = try object(try JSONSerialization.jsonObject(with: input), "the manifest")
  let lines: [String]
  switch query {
  case "library-targets": lines = try libraryTargets(manifest)
  case "library-products": lines = try libraryProducts(manifest)
  case "platforms": lines = try platforms(manifest)
  default: throw Failure(description: "unknown query \(query)")
  }
  for line in lines { print(line) }
} catch {
  FileHandle.standardError.write(Data("package-info: \(error)\n".utf8))
  exit(1)
}

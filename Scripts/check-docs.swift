// What docc does not check, run by Scripts/build-docs.sh on the built site:
//
// 1. Every public symbol is curated under a topic that a person wrote, on the
//    module's landing page or an article: docc files an uncurated symbol
//    under an automatic group ("Structures", "Extended Modules", …) marked
//    `"generated": true` in the landing page's render JSON.
// 2. Every site-relative link in a catalog (`[text](/documentation/…)`, the
//    way ListDiff's and HeadlessCollection's pages reach ListDiffUI's
//    articles) names a page the site has; docc checks only its own links.
//
// Usage: swift Scripts/check-docs.swift SITE MODULE...

import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let site = arguments.first, arguments.count > 1 else {
  FileHandle.standardError.write(Data("usage: check-docs.swift SITE MODULE...\n".utf8))
  exit(2)
}
var failures = 0

func fail(_ message: String) {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  failures += 1
}

func renderJSON(_ path: String) -> [String: Any]? {
  guard let data = FileManager.default.contents(atPath: "\(site)/data\(path).json") else { return nil }
  return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
}

for module in arguments.dropFirst() {
  guard let landing = renderJSON("/documentation/\(module.lowercased())") else {
    fail("\(module): no landing page in \(site)")
    continue
  }
  for section in landing["topicSections"] as? [[String: Any]] ?? [] where section["generated"] as? Bool == true {
    let title = section["title"] as? String ?? "?"
    for identifier in section["identifiers"] as? [String] ?? [] {
      fail("\(module): \(identifier) is not curated under a topic (docc put it in \"\(title)\")")
    }
  }

  let catalog = "Sources/\(module)/\(module).docc"
  let files = FileManager.default.enumerator(atPath: catalog)?.compactMap { $0 as? String } ?? []
  let link = try! NSRegularExpression(pattern: #"\]\((/documentation/[^)#\s]*)"#)
  for file in files.sorted() where file.hasSuffix(".md") {
    let path = "\(catalog)/\(file)"
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(line)
      for match in link.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
        let target = (line as NSString).substring(with: match.range(at: 1))
        if renderJSON(target.lowercased()) == nil {
          fail("\(path):\(number + 1): \(target) names no page of the site")
        }
      }
    }
  }
}

if failures > 0 {
  FileHandle.standardError.write(Data("\(failures) documentation problem(s)\n".utf8))
  exit(1)
}
print("every public symbol is curated; every site link resolves")

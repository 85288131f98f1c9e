// What docc does not check, run by Scripts/build-docs.sh on the built site:
//
// 1. Every public symbol is curated under a topic a person wrote, on the
//    module's landing page or an article: docc files an uncurated symbol under
//    an automatic group ("Structures", "Extended Modules", …) marked
//    `"generated": true` in the page's render JSON.
// 2. On every type page (a structure, class, enumeration, protocol, or an
//    extended module or type), no member falls into an automatic group
//    ("Instance Methods", "Enumeration Cases", …): each type has written
//    groups, in `Extensions/<Type>.md`. Only "Default Implementations" is
//    docc's own: it lists the protocol conformances' pages.
// 3. No symbol is listed twice on one page; no two entries of a page share a
//    title and a summary (overloads need summaries that tell them apart), and
//    no summary points at "the overload above/below", which a page sorted by
//    docc does not keep.
// 4. No page about an extension is empty: each has a summary.
// 5. Every module's landing page links to the package's and to every other
//    library's ("See also"), so no page is a dead end.
// 6. Code in symbol comments and in articles' fenced blocks fits the page's
//    column (`maximumCodeColumns`).
// 7. Every site-relative link in a catalog (`[text](/documentation/…)`, the
//    way ListDiff's and HeadlessCollection's pages reach ListDiffUI's
//    articles) names a page the site has; docc checks only its own links.
//
// Usage: swift Scripts/check-docs.swift SITE SYMBOL-GRAPHS NAME=CATALOG...
// (the first NAME is the package's landing page, the others the libraries).

import Foundation

/// DocC's content column shows about 80 characters of code before it
/// scrolls (checked in the screenshots of Scripts/check-docs-browser.sh);
/// symbol comments are read there.
let maximumCodeColumns = 76

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count > 3 else {
  FileHandle.standardError.write(Data("usage: check-docs.swift SITE SYMBOL-GRAPHS NAME=CATALOG...\n".utf8))
  exit(2)
}
let site = arguments[0]
let symbolGraphs = arguments[1]
let catalogs = arguments.dropFirst(2).map { argument -> (name: String, path: String) in
  let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
  return (parts[0], parts.count > 1 ? parts[1] : "")
}
let landingPage = catalogs[0]
let modules = catalogs.dropFirst()
var failures = 0

func fail(_ message: String) {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  failures += 1
}

func renderJSON(_ path: String) -> [String: Any]? {
  guard let data = FileManager.default.contents(atPath: "\(site)/data\(path).json") else { return nil }
  return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
}

func plainText(_ inline: Any?) -> String {
  guard let items = inline as? [[String: Any]] else { return "" }
  return items.map { item in
    if let text = item["text"] as? String { return text }
    if let code = item["code"] as? String { return code }
    if let identifier = item["identifier"] as? String { return identifier }
    return plainText(item["inlineContent"])
  }.joined()
}

// 1, 2, 3, 4: every page of every library.
for module in modules {
  let folder = "\(site)/data/documentation/\(module.name.lowercased())"
  guard let landing = renderJSON("/documentation/\(module.name.lowercased())") else {
    fail("\(module.name): no landing page in \(site)")
    continue
  }
  for section in landing["topicSections"] as? [[String: Any]] ?? [] where section["generated"] as? Bool == true {
    let title = section["title"] as? String ?? "?"
    for identifier in section["identifiers"] as? [String] ?? [] {
      fail("\(module.name): \(identifier) is not curated under a topic (docc put it in \"\(title)\")")
    }
  }
  // Links to a page: a resolved reference (its `url`) or a site-relative
  // link (its identifier is the path).
  let linked = Set(
    (landing["references"] as? [String: [String: Any]] ?? [:]).flatMap { identifier, reference in
      [identifier, reference["url"] as? String ?? ""]
    }.map { $0.lowercased() })
  for other in catalogs where other.name != module.name {
    let target = "/documentation/\(other.name.lowercased())"
    if !linked.contains(target) && !linked.contains(target + "/") {
      fail("\(module.name): the landing page does not link to \(other.name) (\(target)); say so under \"See also\"")
    }
  }

  var pages = [("", landing)]
  for file in (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).sorted()
  where file.hasSuffix(".json") {
    let page = "/documentation/\(module.name.lowercased())/\(file.dropLast(5))"
    if let json = renderJSON(page) { pages.append((page, json)) }
  }
  for (page, json) in pages {
    let name = page.isEmpty ? "/documentation/\(module.name.lowercased())" : page
    let metadata = json["metadata"] as? [String: Any] ?? [:]
    let sections = json["topicSections"] as? [[String: Any]] ?? []
    let references = json["references"] as? [String: [String: Any]] ?? [:]

    // A symbol page (not an article, nor docc's collection of a
    // conformance's implementations) whose members have groups: a type's.
    let symbolKind = metadata["symbolKind"] as? String ?? ""
    if !page.isEmpty, !symbolKind.isEmpty, symbolKind != "module", !sections.isEmpty {
      for section in sections where section["generated"] as? Bool == true {
        let title = section["title"] as? String ?? "?"
        guard title != "Default Implementations" else { continue }
        for identifier in section["identifiers"] as? [String] ?? [] {
          fail("\(name): \(identifier) is in docc's automatic group \"\(title)\"; curate it in a written group")
        }
      }
    }

    var listed: Set<String> = []
    for section in sections where section["generated"] as? Bool != true {
      var summaries: [String: String] = [:]
      for identifier in section["identifiers"] as? [String] ?? [] {
        if !listed.insert(identifier).inserted { fail("\(name): \(identifier) is listed twice") }
        let reference = references[identifier] ?? [:]
        let title = reference["title"] as? String ?? identifier
        let summary = plainText(reference["abstract"])
        if summary.range(of: #"overload (above|below)"#, options: .regularExpression) != nil {
          fail("\(name): the summary of \(identifier) points at an overload \"above\" or \"below\"")
        }
        if let other = summaries[title + "\u{0}" + summary], !summary.isEmpty {
          fail("\(name): \(identifier) and \(other) have the same title and summary")
        }
        summaries[title + "\u{0}" + summary] = identifier
      }
    }

    let role = metadata["roleHeading"] as? String ?? ""
    if role.hasPrefix("Extended"), plainText(json["abstract"]).trimmingCharacters(in: .whitespaces).isEmpty {
      fail("\(name): an empty page about an extension (\(role)); give the extension a doc comment")
    }
  }
}

// 6: code in symbol comments.
for module in modules {
  let folder = "\(symbolGraphs)/\(module.name)"
  for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where file.hasSuffix(".json") {
    guard let data = FileManager.default.contents(atPath: "\(folder)/\(file)"),
      let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { continue }
    for case let symbol as [String: Any] in graph["symbols"] as? [Any] ?? [] {
      let comment = symbol["docComment"] as? [String: Any] ?? [:]
      // A comment written in another module (the standard library's, on a
      // member a public type gets by conforming, such as an AsyncSequence's
      // `min(by:)`) is not ours to wrap.
      if let owner = comment["module"] as? String, owner != module.name { continue }
      let lines = (comment["lines"] as? [[String: Any]] ?? []).map { $0["text"] as? String ?? "" }
      let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: "/")
      var fenced = false
      for line in lines {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("```") {
          fenced.toggle()
          continue
        }
        let indented = line.hasPrefix("    ") && !fenced
        if (fenced || indented), line.count > maximumCodeColumns {
          fail("\(module.name).\(path): a code line of \(line.count) characters (at most \(maximumCodeColumns) fit): \(trimmed)")
        }
      }
    }
  }
}

// 6 (articles) and 7: in every catalog, the landing page's included, code
// in fences that name a language (```swift, ```sh, ```text; a bare fence
// quotes a program's output verbatim) fits the column, and every
// site-relative link names a page of the site.
let link = try! NSRegularExpression(pattern: #"\]\((/documentation/[^)#\s]*)"#)
for catalog in catalogs {
  let files = FileManager.default.enumerator(atPath: catalog.path)?.compactMap { $0 as? String } ?? []
  for file in files.sorted() where file.hasSuffix(".md") {
    let path = "\(catalog.path)/\(file)"
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    var fence: String?
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = String(line)
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        fence = fence == nil ? String(trimmed.dropFirst(3)) : nil
        continue
      }
      if let language = fence, !language.isEmpty, line.count > maximumCodeColumns {
        fail("\(path):\(number + 1): a code line of \(line.count) characters (at most \(maximumCodeColumns) fit)")
      }
      for match in link.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
        let target = (line as NSString).substring(with: match.range(at: 1))
        let trimmed = target.hasSuffix("/") ? String(target.dropLast()) : target
        if renderJSON(trimmed.lowercased()) == nil {
          fail("\(path):\(number + 1): \(target) names no page of the site")
        }
      }
    }
  }
}
if renderJSON("/documentation/\(landingPage.name.lowercased())") == nil {
  fail("no package landing page /documentation/\(landingPage.name.lowercased())")
}

if failures > 0 {
  FileHandle.standardError.write(Data("\(failures) documentation problem(s)\n".utf8))
  exit(1)
}
print("every public symbol is curated, type pages have no automatic groups, extension pages say")
print("what they are, code fits the column, every site link resolves")

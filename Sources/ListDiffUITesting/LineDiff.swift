/// The difference between two texts line by line, printed as a unified diff:
/// lines only in the expected text marked `-`, lines only in the actual
/// text marked `+`, a few unchanged lines around each change marked with a
/// space, and a `@@ -line,count +line,count @@` header per group. Not API:
/// snapshot failures print it.
package struct LineDiff: CustomStringConvertible {
  package enum Line: Equatable {
    case same(Substring)
    case removed(Substring)
    case added(Substring)
  }

  /// The edit script from the expected lines to the actual ones, in order.
  package let lines: [Line]

  /// Unchanged lines printed around each change.
  package var context = 2

  /// The shortest edit script from `expected` to `actual` (Myers' algorithm,
  /// the standard library's `difference(from:)`), removals of a place
  /// before insertions at it.
  ///
  /// - Complexity: O((*n* + *m*) × *d*) for *d* changed lines.
  package init(expected: [Substring], actual: [Substring]) {
    let difference = actual.difference(from: expected)
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    var lines: [Line] = []
    var old = 0
    var new = 0
    while old < expected.count || new < actual.count {
      if old < expected.count && removed.contains(old) {
        lines.append(.removed(expected[old]))
        old += 1
      } else if new < actual.count && inserted.contains(new) {
        lines.append(.added(actual[new]))
        new += 1
      } else {
        lines.append(.same(expected[old]))
        old += 1
        new += 1
      }
    }
    self.lines = lines
  }

  /// Whether the texts differ.
  package var hasChanges: Bool {
    lines.contains(where: \.isChange)
  }

  /// The changes in groups, each with its header and context lines.
  ///
  /// - Complexity: O(*n* + *m*).
  package var description: String {
    // Mark the lines to print: every change and `context` lines around it.
    var shown = [Bool](repeating: false, count: lines.count)
    for (index, line) in lines.enumerated() where line.isChange {
      for near in max(0, index - context)...min(lines.count - 1, index + context) {
        shown[near] = true
      }
    }
    var output: [String] = []
    var old = 1
    var new = 1
    var index = 0
    while index < lines.count {
      guard shown[index] else {
        old += 1
        new += 1
        index += 1
        continue
      }
      var end = index
      while end < lines.count && shown[end] { end += 1 }
      let group = lines[index..<end]
      let oldCount = group.filter { if case .added = $0 { false } else { true } }.count
      let newCount = group.filter { if case .removed = $0 { false } else { true } }.count
      output.append("@@ -\(old),\(oldCount) +\(new),\(newCount) @@")
      for line in group {
        switch line {
        case .same(let text): output.append(" " + text)
        case .removed(let text): output.append("-" + text)
        case .added(let text): output.append("+" + text)
        }
      }
      old += oldCount
      new += newCount
      index = end
    }
    return output.joined(separator: "\n")
  }
}

extension LineDiff.Line {
  /// Whether the line is in only one of the texts.
  package var isChange: Bool {
    if case .same = self { false } else { true }
  }
}

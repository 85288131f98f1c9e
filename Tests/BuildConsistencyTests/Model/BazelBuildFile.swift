/// The Swift rules a BUILD.bazel file declares.
///
/// A call counts as a Swift rule when its symbol was loaded from rules_swift
/// (`@build_bazel_rules_swift//swift:...` or `@rules_swift//swift:...`),
/// under whatever local name the `load` gave it. Top-level assignments are
/// substituted, so `copts = SWIFT_COPTS` reads as the list it names.
struct BazelBuildFile {
  /// One `swift_library`, `swift_binary`, `swift_test` (or other rules_swift)
  /// rule.
  struct Rule {
    /// The rule's name in rules_swift, e.g. "swift_library", whatever it was
    /// loaded as.
    var kind: String
    var name: String
    /// Every attribute, with top-level names resolved.
    var attributes: [String: Expression]
    var location: SourceLocation

    /// The Swift module the rule compiles: `module_name`, or else the rule's
    /// name, which is what rules_swift derives for a rule at the root of the
    /// workspace when the name is a valid identifier.
    var moduleName: String {
      attributes["module_name"]?.stringValue ?? name
    }

    /// The label other rules in the same BUILD file use for this one.
    var label: String { "//:\(name)" }
  }

  /// The Swift rules, in file order.
  var rules: [Rule]
  /// The calls that are not Swift rules (`load`, `package`, `filegroup`...).
  var otherCalls: [StarlarkFile.Call]

  /// Reads `text`, naming `fileName` in errors.
  ///
  /// Complexity: O(n) in the length of the text.
  init(parsing text: String, fileName: String = "BUILD.bazel") throws(ConfigurationParseError) {
    let file = try StarlarkFile(parsing: text, fileName: fileName)
    var swiftSymbols: [String: String] = [:]
    for call in file.calls where call.callee == "load" {
      guard let source = call.arguments.first?.value.stringValue,
        source.hasPrefix("@build_bazel_rules_swift//swift:") || source.hasPrefix("@rules_swift//swift:")
      else { continue }
      for argument in call.arguments.dropFirst() {
        guard let symbol = argument.value.stringValue else { continue }
        swiftSymbols[argument.label ?? symbol] = symbol
      }
    }
    rules = []
    otherCalls = []
    for call in file.calls {
      guard let kind = swiftSymbols[call.callee] else {
        otherCalls.append(call)
        continue
      }
      var attributes: [String: Expression] = [:]
      for argument in call.arguments {
        guard let label = argument.label else {
          throw ConfigurationParseError(
            file: fileName, location: call.location, message: "\(call.callee) has an unlabelled argument")
        }
        attributes[label] = file.resolve(argument.value)
      }
      guard let name = attributes["name"]?.stringValue else {
        throw ConfigurationParseError(
          file: fileName, location: call.location, message: "\(call.callee) has no string `name`")
      }
      rules.append(Rule(kind: kind, name: name, attributes: attributes, location: call.location))
    }
  }

  /// The rule a dependency label points at, if it is one of this file's.
  ///
  /// Accepts `:name` and `//:name`, the two spellings of a label in the same
  /// (root) package.
  ///
  /// Complexity: O(r) in the number of rules.
  func rule(forLabel label: String) -> Rule? {
    let name: Substring
    if label.hasPrefix("//:") {
      name = label.dropFirst(3)
    } else if label.hasPrefix(":") {
      name = label.dropFirst()
    } else {
      return nil
    }
    return rules.first { $0.name == name }
  }
}

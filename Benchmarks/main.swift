// `swift run -c release listdiff-bench [--quick] [--json] [ROW...]`
//
// Times the engine (W rows), the headless collection (H rows) and the whole
// framework (E rows) on deterministic inputs, each against a floor measured in
// the same run. Naming rows (e.g. `W2 H1`) runs only those.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let config = BenchConfig.fromArguments(arguments)
let wanted = Set(arguments.filter { !$0.hasPrefix("--") })
let asJSON = arguments.contains("--json")

func selected(_ name: String) -> Bool {
  wanted.isEmpty || wanted.contains(name) || wanted.contains(String(name.prefix(1)))
}

func progress(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

var rows: [BenchRow] = []
rows += engineRows(config: config, selected: selected, progress: progress)
rows += collectionRows(config: config, selected: selected, progress: progress)
rows += endToEndRows(config: config, selected: selected, progress: progress)

print(asJSON ? renderJSON(rows) : renderTable(rows))

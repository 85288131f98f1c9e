// `swift run -c release listdiff-bench [--quick] [--runs N] [--json | --markdown] [ROW...]`
//
// Times the engine (W rows), the engine on type-erased items (F rows), the
// headless collection (H rows) and the whole framework (E rows) on
// deterministic inputs, each against a floor measured in the same run.
// Naming rows (e.g. `W2 H1`, or a letter for a group) runs only those.
// `--runs 3 --markdown` prints the README's table: the median of three full
// runs with their spread, the machine and the load.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let config = BenchConfig.fromArguments(arguments)
let wanted = BenchConfig.selection(arguments)

func selected(_ name: String) -> Bool {
  wanted.isEmpty || wanted.contains(name) || wanted.contains(String(name.prefix(1)))
}

func progress(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

let loadBefore = loadAverage()
var runs: [[BenchRow]] = []
for run in 1...config.fullRuns {
  if config.fullRuns > 1 { progress("full run \(run) of \(config.fullRuns) (load \(loadAverage()))") }
  var rows: [BenchRow] = []
  rows += engineRows(config: config, selected: selected, progress: progress)
  rows += erasedRows(config: config, selected: selected, progress: progress)
  rows += collectionRows(config: config, selected: selected, progress: progress)
  rows += endToEndRows(config: config, earlier: rows, selected: selected, progress: progress)
  rows += await asyncEndToEndRows(config: config, earlier: rows, selected: selected, progress: progress)
  rows += await untouchedSectionRows(config: config, earlier: rows, selected: selected, progress: progress)
  rows += accessibilityRows(config: config, earlier: rows, selected: selected, progress: progress)
  runs.append(rows)
}
let report = summarize(runs: runs)

switch config.output {
case .json:
  print(renderJSON(report))
case .table:
  print(renderTable(report))
case .markdown:
  print(machineDescription(loadBefore: loadBefore, loadAfter: loadAverage(), runs: config.fullRuns))
  print()
  print(renderTable(report))
}

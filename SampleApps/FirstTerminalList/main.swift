// `FirstTerminalList [COUNT]`: the article's list of fruits, COUNT long.
// `FirstTerminalList --keys [NAME...]`: the article's list on the list's
// key map (its section "The keys of a list"), of the fruits named.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--keys" {
  let names = arguments.dropFirst()
  await browseFruits(names.isEmpty ? ["apple", "banana", "cherry", "pear", "plum", "quince"] : Array(names))
} else {
  let count = arguments.first.flatMap { Int($0) } ?? 200
  await showFruits((1...max(1, count)).map { "fruit \($0)" })
}

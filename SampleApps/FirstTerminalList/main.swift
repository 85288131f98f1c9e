// `FirstTerminalList [COUNT]`: the article's list of fruits, COUNT long.

import Foundation

let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200
await showFruits((1...max(1, count)).map { "fruit \($0)" })

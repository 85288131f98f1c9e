// The `todo` executable: wires the real terminal to ToDoProgram, which does
// everything else (and is tested in-process by ToDoTests).

import Foundation
import ListDiffUITerminal
import ToDoCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

func writer(_ handle: FileHandle) -> (String) -> Void {
  { text in try? handle.write(contentsOf: Data(text.utf8)) }
}

// A reader that goes away (`todo | head`) ends the program quietly instead
// of killing it with SIGPIPE halfway through a save.
signal(SIGPIPE, SIG_IGN)

let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
let output = ToDoProgram.Output(standardOutput: writer(.standardOutput), standardError: writer(.standardError))
let status: Int32
if TerminalScreen.isTerminal(environment: environment) {
  status = await ToDoProgram.runFullScreen(arguments: arguments, environment: environment, output: output)
} else {
  let interactive = isatty(STDIN_FILENO) != 0
  /// Standard input, one line at a time, read on a thread of its own: a
  /// blocking read must not hold up the main actor, where the screen renders.
  /// A script's last line needs no newline; a line typed at a terminal and
  /// ended with Ctrl-D instead of Return is not run.
  let lines = AsyncStream<String> { continuation in
    let reader = Thread {
      while let line = readLine(strippingNewline: false) {
        // "\r\n" is one Character, so it is its own suffix.
        let ended = line.hasSuffix("\n") || line.hasSuffix("\r\n")
        guard ended || !interactive else { break }
        continuation.yield(ended ? String(line.dropLast()) : line)
      }
      continuation.finish()
    }
    reader.start()
  }
  status = await ToDoProgram.run(
    arguments: arguments, environment: environment, interactive: interactive, lines: lines, output: output)
}
exit(status)

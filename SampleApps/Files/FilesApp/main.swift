// `files [DIR]`: a terminal file tree on ListDiffUI and ListDiffUITerminal.

import FilesCore
import Foundation
import ListDiffUITerminal

var arguments = CommandLine.arguments.dropFirst()
// For a screen reader or braille display (also LISTDIFFUI_SCREEN_READER=1).
let screenReader = arguments.first == "--screen-reader"
if screenReader { arguments = arguments.dropFirst() }
if arguments.first == "--help" || arguments.count > 1 {
  print("usage: files [--screen-reader] [DIR]   browse DIR (default: the current directory) as a tree")
  exit(arguments.first == "--help" ? 0 : 2)
}
let root = URL(fileURLWithPath: arguments.first ?? FileManager.default.currentDirectoryPath)
var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
  FileHandle.standardError.write(Data("files: \(root.path) is not a directory\n".utf8))
  exit(1)
}
let sizes = FileSizes(root: root)
let browser = FileBrowser(tree: FileTree(root: root), size: RawTerminal().size(), sizes: sizes)
if screenReader { browser.screen.screenReaderMode = true }
// A size read in the background changes a row: draw it without waiting for a key.
sizes.didRead = { browser.screen.setNeedsDisplay() }
await browser.start()
browser.prepare()
for await event in browser.screen.events {
  if await browser.handle(event) == .quit { break }
}
exit(browser.screen.terminatingSignal.map { 128 + $0 } ?? 0)

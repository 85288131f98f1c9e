import Testing
import ToDoCore

@Suite("Command line and environment")
struct LaunchOptionsTests {
  @Test func defaults() throws {
    let options = try LaunchOptions.parse([])
    #expect(options.storage == .defaultFile)
    #expect(options.height == 20)
    #expect(!options.showUsage)
    #expect(!options.screenReader)
  }

  @Test func screenReader() throws {
    #expect(try LaunchOptions.parse(["--screen-reader"]).screenReader)
    #expect(try LaunchOptions.parse(["--memory", "--screen-reader", "--height", "9"]).screenReader)
  }

  @Test(arguments: [
    (["--file", "/tmp/x.json"], LaunchOptions.Storage.file("/tmp/x.json")),
    (["--file=/tmp/y.json"], .file("/tmp/y.json")),
    (["-f", "rel.json"], .file("rel.json")),
    (["--memory"], .memory),
  ])
  func storage(arguments: [String], expected: LaunchOptions.Storage) throws {
    #expect(try LaunchOptions.parse(arguments).storage == expected)
  }

  @Test func height() throws {
    #expect(try LaunchOptions.parse(["--height", "7"]).height == 7)
    #expect(try LaunchOptions.parse(["--height=40"]).height == 40)
  }

  @Test(arguments: [
    (["--bogus"], LaunchError.unknownOption("--bogus")),
    (["--file"], .missingValue("--file")),
    (["--file="], .missingValue("--file")),
    (["--memory=yes"], .unexpectedValue("--memory")),
    (["--screen-reader=yes"], .unexpectedValue("--screen-reader")),
    (["--height", "two"], .badValue("--height", "two", "a number of lines from 5 to 500")),
    (["--height", "2"], .badValue("--height", "2", "a number of lines from 5 to 500")),
    (["--memory", "--file", "x"], .conflict("--file", "--memory")),
    (["list.json"], .unknownOption("list.json")),
  ])
  func refusals(arguments: [String], expected: LaunchError) {
    #expect(throws: expected) { try LaunchOptions.parse(arguments) }
  }

  @Test func usageMentionsEveryOptionAndVariable() {
    for word in [
      "--file", "--memory", "--height", "--screen-reader", "--help", "COLUMNS", "TODO_NOW", "XDG_DATA_HOME",
      "LISTDIFFUI_SCREEN_READER",
    ] {
      #expect(LaunchOptions.usage.contains(word), "\(word)")
    }
  }

  @Test func widthComesFromColumnsThenTheTerminalThen80() {
    #expect(ScreenWidth.resolve(environment: ["COLUMNS": "100"], terminalWidth: { 132 }) == 100)
    #expect(ScreenWidth.resolve(environment: [:], terminalWidth: { 132 }) == 132)
    #expect(ScreenWidth.resolve(environment: [:], terminalWidth: { nil }) == 80)
    #expect(ScreenWidth.resolve(environment: ["COLUMNS": "wide"], terminalWidth: { nil }) == 80)
    #expect(ScreenWidth.resolve(environment: ["COLUMNS": "-3"], terminalWidth: { nil }) == 80)
    #expect(ScreenWidth.resolve(environment: ["COLUMNS": "3"], terminalWidth: { nil }) == ScreenWidth.range.lowerBound)
  }
}

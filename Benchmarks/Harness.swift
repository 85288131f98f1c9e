// The measuring and reporting half of `listdiff-bench`: timing, medians, the
// table and the JSON. Workloads live in files of their own and hand back rows.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import TestSupport

/// What the command line asks for.
///
/// `--quick` (CI) times fewer repetitions and runs once; `--runs N` runs the
/// whole selection N times in one process and reports, per figure, the
/// median of the N run medians and their spread (the README's table is
/// `--runs 3 --markdown`); `--json` and `--markdown` choose the output.
struct BenchConfig: Sendable {
  /// Timed repetitions of each measured body; the median is reported.
  var runs: Int
  /// Whether `--quick` was given.
  var quick: Bool
  /// Full runs of the whole selection (`--runs N`).
  var fullRuns: Int
  /// Output format.
  var output: Output

  enum Output: Sendable { case table, markdown, json }

  static func fromArguments(_ arguments: [String]) -> BenchConfig {
    let quick = arguments.contains("--quick")
    var fullRuns = 1
    if let flag = arguments.firstIndex(of: "--runs"), flag + 1 < arguments.count,
      let count = Int(arguments[flag + 1]), count > 0
    {
      fullRuns = count
    }
    let output: Output =
      arguments.contains("--json") ? .json : arguments.contains("--markdown") ? .markdown : .table
    return BenchConfig(runs: quick ? 3 : 9, quick: quick, fullRuns: fullRuns, output: output)
  }

  /// The row names given on the command line (everything that is not a
  /// flag or a flag's value).
  static func selection(_ arguments: [String]) -> Set<String> {
    var names: Set<String> = []
    var skipNext = false
    for argument in arguments {
      if skipNext {
        skipNext = false
      } else if argument == "--runs" {
        skipNext = true
      } else if !argument.hasPrefix("--") {
        names.insert(argument)
      }
    }
    return names
  }
}

/// The median and minimum wall time of repeated runs, in milliseconds.
struct Timing: Sendable {
  var medianMs: Double
  var minMs: Double
}

/// One printed row of the benchmark table.
struct BenchRow: Sendable {
  var name: String
  var work: String
  var timing: Timing
  /// The dictionary floor measured on the same data in the same run, if any.
  var floorMedianMs: Double?
  /// The standard library's `difference(from:).inferringMoves()` on the same
  /// data, or nil where it is not run (or one run would exceed 10 s).
  var stdlibMedianMs: Double?
  /// Further measurements of the row, printed after it and put in the JSON
  /// under their key (e.g. `diff_only_median_ms`, `configure_cell_calls`).
  var extra: [(key: String, value: Double)] = []
}

/// Monotonic nanoseconds.
@inline(__always)
func nowNanoseconds() -> UInt64 {
  DispatchTime.now().uptimeNanoseconds
}

/// Runs `body` `runs` times (after one untimed warm-up unless `warmUp` is
/// false) and returns the median and minimum. `prepare` runs before each
/// repetition and is not timed; its result is handed to `body`.
func measure<Input>(
  runs: Int, warmUp: Bool = true,
  prepare: () -> Input,
  _ body: (inout Input) -> Void
) -> Timing {
  if warmUp {
    var input = prepare()
    body(&input)
  }
  var samples: [Double] = []
  samples.reserveCapacity(runs)
  for _ in 0..<max(1, runs) {
    var input = prepare()
    let start = nowNanoseconds()
    body(&input)
    let end = nowNanoseconds()
    samples.append(Double(end - start) / 1_000_000)
    withExtendedLifetime(input) {}
  }
  samples.sort()
  return Timing(medianMs: samples[samples.count / 2], minMs: samples[0])
}

/// `measure` for bodies that need no per-run preparation.
func measure(runs: Int, warmUp: Bool = true, _ body: () -> Void) -> Timing {
  measure(runs: runs, warmUp: warmUp, prepare: { () }, { _ in body() })
}

/// Times `bodies` in turn (first, second, ..., first, second, ...), so that
/// all see the same moments of a shared machine's load and their ratios
/// compare like with like. Each timed run follows an untimed one of the same
/// body, so every body is timed with its own data in the caches, as when
/// timed alone, rather than after another body has evicted it. Short bodies
/// get more samples (up to 200, about 50 ms of the slowest), so a median is
/// not one interrupted sample.
func measureInterleaved(runs: Int, _ bodies: [() -> Void]) -> [Timing] {
  func once(_ work: () -> Void) -> Double {
    let start = nowNanoseconds()
    work()
    return Double(nowNanoseconds() - start) / 1_000_000
  }
  let slowest = max(bodies.map(once).max() ?? 0, 0.001)
  let count = max(runs, min(200, Int(50 / slowest)))
  var samples = [[Double]](repeating: [], count: bodies.count)
  for _ in 0..<count {
    for (index, body) in bodies.enumerated() {
      body()
      samples[index].append(once(body))
    }
  }
  return samples.map { values in
    let sorted = values.sorted()
    return Timing(medianMs: sorted[sorted.count / 2], minMs: sorted[0])
  }
}

/// Keeps the optimizer from discarding a computed value.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

// MARK: - Memory

/// Peak resident memory (VmHWM) and current resident memory (VmRSS) in bytes,
/// read from /proc; nil where the platform has no /proc.
func residentMemory() -> (current: Int, peak: Int)? {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return nil
  }
  func field(_ name: String) -> Int? {
    for line in status.split(separator: "\n") where line.hasPrefix(name) {
      let digits = line.split(separator: " ", omittingEmptySubsequences: true)
        .dropFirst().first
      return digits.flatMap { Int($0) }.map { $0 * 1024 }
    }
    return nil
  }
  guard let current = field("VmRSS:"), let peak = field("VmHWM:") else { return nil }
  return (current, peak)
}

/// Resident memory in bytes once freed heap has been handed back to the
/// system, or nil where the platform has no /proc.
func residentMemoryAfterTrim() -> Int? {
  // The data source lets go of long replaced lists on background tasks;
  // give those a moment to finish, so that their memory is freed too.
  Thread.sleep(forTimeInterval: 0.25)
  #if canImport(Glibc)
    // malloc_trim is not in the Glibc module map; it is in every glibc.
    typealias MallocTrim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(nil, "malloc_trim") {
      _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    }
  #endif
  return residentMemory()?.current
}

/// Measures how far resident memory rises above what is live before `body`
/// runs: freed heap is handed back to the system first and the kernel's peak
/// counter is reset, so the figure is what `body` itself touched. Returns nil
/// where the platform cannot reset the peak.
func peakMemoryAbove(_ body: () -> Void) -> Int? {
  #if canImport(Glibc)
    guard residentMemoryAfterTrim() != nil,
      let handle = fopen("/proc/self/clear_refs", "w")
    else { return nil }
    fputs("5", handle)  // 5: reset the peak resident set size (VmHWM)
    fclose(handle)
    guard let before = residentMemory() else { return nil }
    body()
    guard let after = residentMemory() else { return nil }
    return max(0, after.peak - before.current)
  #else
    return nil
  #endif
}

// MARK: - Deterministic inputs
//
// The generator is TestSupport's SeededGenerator, the one the tests use, so a
// seed means the same data here as in a test.

/// A UUID-shaped identifier string drawn from `generator` (36 characters, so
/// never a small string: every one has heap storage, as real identifiers do).
func uuidString(using generator: inout SeededGenerator) -> String {
  let hex = Array("0123456789ABCDEF".utf8)
  var bytes: [UInt8] = []
  bytes.reserveCapacity(36)
  var bits = generator.next()
  var used = 0
  for position in 0..<36 {
    if position == 8 || position == 13 || position == 18 || position == 23 {
      bytes.append(UInt8(ascii: "-"))
      continue
    }
    if used == 16 {
      bits = generator.next()
      used = 0
    }
    bytes.append(hex[Int(bits & 0xF)])
    bits >>= 4
    used += 1
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// A copy of `string` with storage of its own, so that equality with the
/// original cannot short-cut on shared storage.
func freshCopy(_ string: String) -> String {
  String(decoding: Array(string.utf8), as: UTF8.self)
}

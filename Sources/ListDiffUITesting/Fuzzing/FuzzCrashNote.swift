#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a fuzz prints if the process crashes during a step: a trap in a
/// change closure or a controller, which no test can catch, still says
/// which step ran it and how to replay the steps up to it.
///
/// While a fuzz runs, handlers for the crash signals (`SIGILL`, `SIGTRAP`,
/// `SIGABRT`, `SIGSEGV`, `SIGBUS`, `SIGFPE`) write the note to standard
/// error, put back the handlers that were there before (Swift's backtracer,
/// a debugger's) and return, so the crash goes on to them as if the note
/// had not been there. The note lives in C memory written before each step,
/// so that the handler only calls `write` (async-signal-safe).
///
/// Invariant: `header`, `steps` and `trailer` point to `headerLength`,
/// `stepsLength` and `trailerLength` bytes, or are nil; `installed` counts
/// the fuzzes running, and the handlers are ours exactly while it is above 0.
@MainActor
enum FuzzCrashNote {
  #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
  #endif
  private static var installed = 0
  private static var steps = ""

  /// Starts noting steps; pair with `end()`.
  static func begin() {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      installed += 1
      guard installed == 1 else { return }
      for signal in signals {
        var action = sigaction()
        #if canImport(Darwin)
          action.__sigaction_u.__sa_handler = fuzzCrashNoteHandler
        #else
          action.__sigaction_handler.sa_handler = fuzzCrashNoteHandler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, crashNoteState.previous + Int(signal))
      }
    #endif
  }

  /// Stops noting steps; the handlers that were there come back.
  static func end() {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      installed -= 1
      guard installed == 0 else { return }
      for signal in signals {
        sigaction(signal, crashNoteState.previous + Int(signal), nil)
      }
      steps = ""
      crashNoteState.replace(header: "", steps: "", trailer: "")
    #endif
  }

  /// Notes that the first root of the fuzz drawn from `seed` (nil when
  /// replaying) is about to be shown.
  static func willStart(seed: UInt64?) {
    guard installed > 0 else { return }
    steps = ""
    let origin = seed.map { " of seed \($0)" } ?? " of the replay"
    crashNoteState.replace(
      header: "fuzzList: the process crashed showing the first root\(origin)\n", steps: "", trailer: "")
  }

  /// Notes that step `number` (from 1), `step`, of the fuzz drawn from
  /// `seed` (nil when replaying) is about to run.
  static func willRun(_ step: FuzzStep, number: Int, seed: UInt64?) {
    guard installed > 0 else { return }
    steps += (steps.isEmpty ? "" : " ") + step.description
    let origin = seed.map { " of seed \($0)" } ?? " of the replay"
    crashNoteState.replace(
      header: "fuzzList: the process crashed in step \(number)\(origin), \(step); the steps up to it:\nreplay: \"",
      steps: steps, trailer: "\"\n")
  }
}

/// The note's bytes, in memory the signal handler reads without Swift's
/// runtime: a crash may come from anywhere.
///
/// `@unchecked Sendable`: written only on the main actor, between steps;
/// read by the signal handler, which takes whatever is there.
final class CrashNoteState: @unchecked Sendable {
  var header: UnsafeMutablePointer<UInt8>?
  var headerLength = 0
  var steps: UnsafeMutablePointer<UInt8>?
  var stepsLength = 0
  var trailer: UnsafeMutablePointer<UInt8>?
  var trailerLength = 0
  #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// The actions the handlers replaced, by signal number (C memory: the
    /// handler reads it without Swift's runtime).
    let previous: UnsafeMutablePointer<sigaction> = {
      let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
      actions.initialize(repeating: sigaction(), count: 65)
      return actions
    }()
  #endif

  func replace(header: String, steps: String, trailer: String) {
    func copy(_ text: String, into pointer: inout UnsafeMutablePointer<UInt8>?, length: inout Int) {
      let bytes = Array(text.utf8)
      let old = pointer
      // The new bytes are complete before the handler can see them.
      let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
      fresh.initialize(from: bytes, count: bytes.count)
      length = 0
      pointer = fresh
      length = bytes.count
      old?.deallocate()
    }
    copy(header, into: &self.header, length: &headerLength)
    copy(steps, into: &self.steps, length: &stepsLength)
    copy(trailer, into: &self.trailer, length: &trailerLength)
  }
}

let crashNoteState = CrashNoteState()

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
  /// Writes the note, restores the previous handler and returns: the
  /// faulting instruction runs again and crashes into that handler (a
  /// raised signal is delivered again once this one returns).
  private func fuzzCrashNoteHandler(_ signal: Int32) {
    let state = crashNoteState
    if let header = state.header { _ = write(2, header, state.headerLength) }
    if let steps = state.steps { _ = write(2, steps, state.stepsLength) }
    if let trailer = state.trailer { _ = write(2, trailer, state.trailerLength) }
    sigaction(signal, state.previous + Int(signal), nil)
    if signal == SIGABRT || signal == SIGTRAP { raise(signal) }
  }
#endif

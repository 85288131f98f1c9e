#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// What a fuzz prints if the process crashes during a step: a trap in a
/// change closure or a controller, which no test can catch, still says
/// which step ran it and how to replay the steps up to it.
///
/// While a fuzz runs, handlers for the crash signals (`SIGILL`, `SIGTRAP`,
/// `SIGABRT`, `SIGSEGV`, `SIGBUS`, `SIGFPE`) write the note to standard
/// error, put back the handlers that were there before (Swift's backtracer,
/// a debugger's) and return, so the crash goes on to them as if the note
/// had not been there. The note lives in C memory written before each step
/// (a step appends its own bytes only), so that the handler does nothing
/// but read plain memory and call `write` and `sigaction`, which are
/// async-signal-safe; it runs on the alternate signal stack when there is
/// one, so a stack overflow still gets it.
///
/// The note is one per process: with several fuzzes running at once
/// (Swift Testing runs tests in parallel), it names the step of the fuzz
/// that noted last.
///
/// Invariant: `installed` counts the fuzzes running, and the handlers are
/// ours exactly while it is above 0.
@MainActor
enum FuzzCrashNote {
  #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
  #endif
  private static var installed = 0

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
        action.sa_flags = Int32(SA_ONSTACK)
        sigaction(signal, &action, crashNotePreviousActions + Int(signal))
      }
    #endif
  }

  /// Stops noting steps; the handlers that were there come back.
  static func end() {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      installed -= 1
      guard installed == 0 else { return }
      for signal in signals {
        sigaction(signal, crashNotePreviousActions + Int(signal), nil)
      }
      crashNote.pointee.start(header: "")
      crashNote.pointee.setPreamble("")
    #endif
  }

  /// Notes `text`, written before the step's note should the process
  /// crash until `end()`: the failure a shrink is replaying steps for.
  static func setPreamble(_ text: String) {
    guard installed > 0 else { return }
    crashNote.pointee.setPreamble(text)
  }

  /// Notes that a run (`origin`: " of seed 3", " of the replay") is about
  /// to show its first root.
  static func willStart(_ origin: String) {
    guard installed > 0 else { return }
    crashNote.pointee.start(header: "fuzzList: the process crashed showing the first root\(origin)\n")
  }

  /// Notes that step `number` (from 1), `step`, of a run is about to run.
  static func willRun(_ step: FuzzStep, number: Int, _ origin: String) {
    guard installed > 0 else { return }
    crashNote.pointee.append(
      step: step.description,
      header: "fuzzList: the process crashed in step \(number)\(origin), \(step); the steps up to it:\nreplay: \"")
  }
}

/// The note's bytes: a preamble (the failure being shrunk), a header
/// rewritten per step, the steps so far (appended to), and the line's end.
/// Plain C memory, which the handler reads without Swift's runtime.
struct CrashNoteBuffer {
  var preamble: UnsafeMutablePointer<UInt8>?
  var preambleLength = 0
  var header: UnsafeMutablePointer<UInt8>?
  var headerLength = 0
  var steps: UnsafeMutablePointer<UInt8>?
  var stepsLength = 0
  var stepsCapacity = 0
  /// Whether the steps line is open (`"` written, to be closed).
  var hasSteps = false

  /// A new run: `header` alone.
  mutating func start(header text: String) {
    setHeader(text)
    stepsLength = 0
    hasSteps = false
  }

  /// One more step, with the header naming it.
  mutating func append(step: String, header text: String) {
    setHeader(text)
    let bytes = Array(((stepsLength == 0 ? "" : " ") + step).utf8)
    if stepsLength + bytes.count + 2 > stepsCapacity {
      // The old bytes stay readable until the new pointer holds them all.
      let capacity = max(256, (stepsLength + bytes.count + 2) * 2)
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
      if let steps { grown.initialize(from: steps, count: stepsLength) }
      let old = steps
      steps = grown
      stepsCapacity = capacity
      old?.deallocate()
    }
    guard let steps else { return }
    (steps + stepsLength).initialize(from: bytes, count: bytes.count)
    // The closing quote and newline after the steps, not counted: written
    // with them by the handler.
    (steps + stepsLength + bytes.count).initialize(to: UInt8(ascii: "\""))
    (steps + stepsLength + bytes.count + 1).initialize(to: UInt8(ascii: "\n"))
    stepsLength += bytes.count
    hasSteps = true
  }

  private mutating func setHeader(_ text: String) {
    let old = header
    headerLength = 0
    header = Self.copy(text)
    headerLength = text.utf8.count
    old?.deallocate()
  }

  /// The bytes written before the header.
  mutating func setPreamble(_ text: String) {
    let old = preamble
    preambleLength = 0
    preamble = Self.copy(text)
    preambleLength = text.utf8.count
    old?.deallocate()
  }

  /// `text`'s UTF-8 bytes in new C memory.
  private static func copy(_ text: String) -> UnsafeMutablePointer<UInt8> {
    let bytes = Array(text.utf8)
    let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
    fresh.initialize(from: bytes, count: bytes.count)
    return fresh
  }
}

/// The note, and the actions our handlers replaced (by signal number),
/// allocated once; touched first by `FuzzCrashNote.begin()`, so the handler
/// finds them made.
nonisolated(unsafe) let crashNote: UnsafeMutablePointer<CrashNoteBuffer> = {
  let note = UnsafeMutablePointer<CrashNoteBuffer>.allocate(capacity: 1)
  note.initialize(to: CrashNoteBuffer())
  return note
}()

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
  nonisolated(unsafe) let crashNotePreviousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    actions.initialize(repeating: sigaction(), count: 65)
    return actions
  }()

  /// Writes the note, restores the previous handler and returns: the
  /// faulting instruction runs again and crashes into that handler; a
  /// raised signal (abort, a trap instruction that does not run again) is
  /// raised again, and delivered to it once this one returns.
  private func fuzzCrashNoteHandler(_ signal: Int32) {
    let note = crashNote.pointee
    if let preamble = note.preamble { _ = write(2, preamble, note.preambleLength) }
    if let header = note.header { _ = write(2, header, note.headerLength) }
    if note.hasSteps, let steps = note.steps { _ = write(2, steps, note.stepsLength + 2) }
    sigaction(signal, crashNotePreviousActions + Int(signal), nil)
    if signal == SIGABRT || signal == SIGTRAP { raise(signal) }
  }
#endif

import LabRuntime
import RunLoopKit

/// Small readers over a simulated run's trace, so that tests say what they look for
/// ("the times of `timer.fire`") instead of filtering by hand.
extension SimulationResult {
    /// The events called `name` (e.g. `"timer.fire"`), in order.
    func events(_ name: String) -> [TraceEvent] { trace.filter { $0.name == name } }

    /// The ``TraceEvent/Kind/detail`` of every event called `name`.
    func details(_ name: String) -> [String] { events(name).map(\.kind.detail) }

    /// The times of the events called `name` whose detail starts with `prefix`.
    func times(_ name: String, _ prefix: String = "") -> [LabInstant] {
        events(name).filter { $0.kind.detail.hasPrefix(prefix) }.map(\.time)
    }

    /// The position of the first event called `name` whose detail starts with `prefix`.
    func index(_ name: String, _ prefix: String = "") -> Int? {
        trace.firstIndex { $0.name == name && $0.kind.detail.hasPrefix(prefix) }
    }

    /// `"name detail"` for the events whose name is in `names`: a compact story to compare.
    func story(_ names: Set<String>) -> [String] {
        trace.filter { names.contains($0.name) }.map { "\($0.name) \($0.kind.detail)" }
    }
}

/// `milliseconds` after the epoch of a simulation's virtual clock.
func ms(_ milliseconds: Int) -> LabInstant { .zero + .milliseconds(milliseconds) }

/// A run of the calling thread's loop with an error turned into `nil`, which no
/// expectation of a result accepts. Lab threads cannot record issues themselves.
func runCurrent(
    _ mode: RunLoopMode = .default, for timeout: Duration,
    returnAfterSourceHandled: Bool = false
) -> RunLoopResult? {
    try? RunLoop.current.run(mode: mode, for: timeout, returnAfterSourceHandled: returnAfterSourceHandled)
}

/// The same, until an absolute `deadline`.
func runCurrent(
    _ mode: RunLoopMode = .default, before deadline: LabInstant,
    returnAfterSourceHandled: Bool = false
) -> RunLoopResult? {
    try? RunLoop.current.run(mode: mode, before: deadline, returnAfterSourceHandled: returnAfterSourceHandled)
}

/// A short custom mode name used across the tests.
extension RunLoopMode {
    static let x: RunLoopMode = "X"
    static let y: RunLoopMode = "Y"
}

/// What a call that throws a ``RunLoopError`` gave, as a value that lab threads can record.
func attempt<T>(_ body: () throws(RunLoopError) -> T) -> Result<T, RunLoopError> {
    do throws(RunLoopError) {
        return .success(try body())
    } catch {
        return .failure(error)
    }
}

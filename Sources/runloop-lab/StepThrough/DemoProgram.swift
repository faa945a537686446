import LabRuntime

/// A deterministic program the step-through demo runs in a ``Simulation``: a parsed `.lab`
/// scenario or a built-in Swift program, run again from scratch for every time-travel step.
protocol DemoProgram: Sendable {
    /// What the screen calls it, e.g. `interview-question.lab`.
    var title: String { get }
    /// A few lines of narrative shown before the first step.
    var introduction: [String] { get }
    /// Runs the program once, from the start, choosing with `strategy`.
    func run(using strategy: any SchedulingStrategy) -> ProgramRun
    /// The operations the program declares, as the trace names them (`op A`): the final
    /// table lists those the trace never mentions too, as never started.
    var declaredOperations: [String] { get }
}

extension DemoProgram {
    /// None: a built-in program's operations all appear in its trace.
    var declaredOperations: [String] { [] }
}

/// What one run of a ``DemoProgram`` produced: its trace, how it ended, its schedule, and a
/// few summary lines (checks passed, problems).
struct ProgramRun: Sendable {
    /// Every event of the run, in order.
    let trace: [TraceEvent]
    /// How the run ended, as `expect outcome ==` names it: `quiescent`, `deadlock`, ….
    let outcome: String
    /// The choices the run made, replayable with `strategy replay "…"`.
    let schedule: Schedule
    /// Lines summing up the run beyond its outcome, e.g. `25 of 25 checks passed`.
    let summary: [String]
    /// How many of the program's `expect` lines the run did not meet (0 for a program
    /// without any): `demo` exits 1 when one failed.
    var failedExpectations = 0
    /// The system call whose failure ended the run, such as `eventfd` with no descriptor
    /// left (`EMFILE`): `demo` then exits 71 naming it instead of showing the run.
    var systemCallFailure: SystemCallError?
}

/// One kernel of the classic-bug suite: a small program with one known concurrency bug,
/// the checker that reports it, and the bug stated as an expectation.
public struct ClassicBug: Sendable {
    /// The kernel.
    public let scenario: Scenario
    /// The checker that reports the bug.
    public let checker: any Checker
    /// The bug, in one line.
    public let expectation: String

    /// The suite, in the order `bench explore --suite` prints it: lost update, atomicity
    /// violation, order violation, a reorder with 20 setters, check-then-act lazy
    /// initialisation, a bounded buffer with a wrong condition, a lock order, a token ring,
    /// a work-stealing deque, a two-stage pipeline of 100 threads, ABA and five dining
    /// philosophers.
    public static let suite: [ClassicBug] = [
        ClassicBug(scenario: .lostUpdate(threads: 4), checker: ExpectationChecker(), expectation: "an increment is lost"),
        ClassicBug(
            scenario: .atomicityViolation, checker: ExpectationChecker(), expectation: "the pointer is cleared between check and use"),
        ClassicBug(
            scenario: .orderViolation, checker: ExpectationChecker(), expectation: "the worker reads state before it is initialised"),
        ClassicBug(scenario: .reorder(setters: 20), checker: ExpectationChecker(), expectation: "the checker sees a set and b not"),
        ClassicBug(scenario: .lazyInit, checker: ExpectationChecker(), expectation: "the instance is created twice"),
        ClassicBug(scenario: .boundedBuffer, checker: ExpectationChecker(), expectation: "a consumer takes from an empty buffer"),
        ClassicBug(scenario: .lockOrderTransfer, checker: DeadlockChecker(), expectation: "the two transfers deadlock"),
        ClassicBug(scenario: .tokenRing(threads: 6), checker: ExpectationChecker(), expectation: "an addition is lost round the ring"),
        ClassicBug(scenario: .workStealing, checker: ExpectationChecker(), expectation: "the owner and the thief run the same task"),
        ClassicBug(scenario: .pipeline(threads: 100), checker: ExpectationChecker(), expectation: "the consumers' tally loses a count"),
        ClassicBug(scenario: .aba, checker: ExpectationChecker(), expectation: "the stack's top is a popped node"),
        ClassicBug(scenario: .diningPhilosophers(count: 5), checker: DeadlockChecker(), expectation: "all five philosophers hold one fork"),
    ]
}

extension ScenarioRegistry {
    /// The kernels of the classic-bug suite, by name.
    public static let classic = ScenarioRegistry(ClassicBug.suite.map(\.scenario))
}

import LabRuntime

/// `expect`: the scenario's own expectations about its state (see ``ScenarioExpectation``) held.
/// Reports each `note` the scenario recorded for a failed expectation.
public struct ExpectationChecker: Checker {
    public let name = "expect"
    public let summary = "the scenario's expectations about its final state hold"

    /// The checker.
    public init() {}

    public func check(_ run: SimulationResult) -> [Violation] {
        run.trace.compactMap { event in
            guard case let .note(text) = event.kind, text.hasPrefix(ScenarioExpectation.failurePrefix) else { return nil }
            let message = String(text.dropFirst(ScenarioExpectation.failurePrefix.count))
            return Violation(
                checker: name, kind: .expectation, summary: "expectation failed: \(message)",
                details: ["recorded at #\(event.sequence) by T\(event.thread) \(event.threadName)"])
        }
    }
}

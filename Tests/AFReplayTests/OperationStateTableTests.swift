import LabRuntime
import LabTestSupport
import NetSim
import Testing

@testable import AFReplay

@Suite("AFOperationState: the transition table of spec §2.3 and setState's KVO order (§2.4)")
struct OperationStateTableTests {
    /// The table of spec §2.3 as printed there: row = from, column = to, in the order
    /// Ready, Executing, Paused, Finished.
    static let table: [(OperationState, [String])] = [
        (.ready, ["no", "yes", "yes", "only if cancelled"]),
        (.executing, ["no", "no", "yes", "yes"]),
        (.paused, ["yes", "no", "no", "no"]),
        (.finished, ["no", "no", "no", "no"]),
    ]

    /// Every (from, to, cancelled) with whether the table allows it.
    static let expected: [(OperationState, OperationState, Bool, Bool)] = table.flatMap { from, row in
        zip([OperationState.ready, .executing, .paused, .finished], row).flatMap { to, cell in
            [false, true].map { cancelled in (from, to, cancelled, cell == "yes" || (cell == "only if cancelled" && cancelled)) }
        }
    }

    @Test("raw values are AFNetworking's: paused −1, ready 1, executing 2, finished 3")
    func rawValues() {
        #expect(OperationState.allCases.map(\.rawValue).sorted() == [-1, 1, 2, 3])
        #expect(OperationState(rawValue: -1) == .paused)
        #expect(OperationState(rawValue: 3) == .finished)
        #expect(OperationState.allCases.map(\.key.rawValue).sorted() == ["isExecuting", "isFinished", "isPaused", "isReady"])
    }

    @Test("AFStateTransitionIsValid matches the table for every from, to and cancelled flag")
    func tableIsExact() {
        #expect(Self.expected.count == 32)
        for (from, to, cancelled, valid) in Self.expected {
            #expect(
                OperationState.isValidTransition(from: from, to: to, isCancelled: cancelled) == valid,
                "\(from) → \(to) cancelled=\(cancelled)")
        }
        #expect(!OperationState.isValidTransition(from: .paused, to: .finished, isCancelled: true))
        #expect(!OperationState.isValidTransition(from: .ready, to: .finished, isCancelled: false))
        #expect(OperationState.isValidTransition(from: .ready, to: .finished, isCancelled: true))
    }

    @Test(
        "setState on a live operation: accepted moves bracket KVO new/old/old/new, rejected ones change nothing",
        arguments: Fidelity.allCases)
    func setStateOnOperations(fidelity: Fidelity) {
        let cases = Self.expected
        let outcomes = Shared<[String: (state: OperationState, accepted: Bool)]>([:])
        let result = Simulation.run(seed: 0) {
            let server = makeServer()
            for (index, (from, to, cancelled, _)) in cases.enumerated() {
                let operation = URLConnectionOperation(
                    request: get("/stall", on: server), server: server,
                    fidelity: fidelity, name: "op \(index)")
                if cancelled { operation.cancel() }
                switch from {
                case .ready: break
                case .executing: operation.setState(.executing)
                case .paused: operation.setState(.paused)
                case .finished:
                    if !cancelled { operation.setState(.executing) }
                    operation.setState(.finished)
                }
                precondition(operation.state == from)
                operation.runtime.record(.note("attempt op \(index)"))
                operation.setState(to)
                outcomes.update { $0["op \(index)"] = (operation.state, operation.state == to && from != to) }
            }
        }
        #expect(result.outcome == .quiescent)
        #expect(outcomes.value.count == cases.count)
        for (index, (from, to, _, valid)) in cases.enumerated() {
            let name = "op \(index)"
            guard let outcome = outcomes.value[name] else {
                Issue.record("\(name) did not run")
                continue
            }
            #expect(outcome.state == (valid ? to : from), "\(name): \(from) → \(to)")
            let attempted = result.transitions(of: name).last
            #expect(attempted == "\(from) → \(to)" + (valid ? "" : " rejected"))
            let marker = result.trace.firstIndex { $0.kind == .note("attempt \(name)") }!
            let kvoAfter = result.trace[marker...].compactMap { event -> String? in
                guard case let .kvo(object, key, phase) = event.kind, object == name else { return nil }
                return "\(phase) \(key)"
            }
            let expectedKVO =
                valid
                ? ["will \(to.key.rawValue)", "will \(from.key.rawValue)", "did \(from.key.rawValue)", "did \(to.key.rawValue)"]
                : []
            #expect(kvoAfter == expectedKVO, "\(name): \(from) → \(to)")
        }
    }
}

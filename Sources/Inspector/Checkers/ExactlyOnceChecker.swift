import LabRuntime

/// `exactly-once`: each operation finishes at most once, its completion block runs at most
/// once, and it runs success or failure, not both (nor either twice).
///
/// Reads the trace alone: accepted `operation.state` transitions to `finished`, and the
/// `completion` events (`completion block`, `success`, `failure`). Operations are reported in
/// the order they first appear in the trace.
public struct ExactlyOnceChecker: Checker {
    public let name = "exactly-once"
    public let summary = "each operation finishes once, completes once, and runs success XOR failure"

    /// The checker.
    public init() {}

    private struct Ledger {
        var finishes: [Int] = []
        var completionBlocks: [Int] = []
        var successes: [Int] = []
        var failures: [Int] = []
    }

    public func check(_ run: SimulationResult) -> [Violation] {
        var ledgers = FirstSeenLedger<String, Ledger>(empty: Ledger())
        for position in run.operationEventPositions {
            switch run.trace[position].kind {
            case let .operationState(operation, _, "finished", true):
                ledgers.note(operation) { $0.finishes.append(run.trace[position].sequence) }
            case let .completion(operation, "completion block"):
                ledgers.note(operation) { $0.completionBlocks.append(run.trace[position].sequence) }
            case let .completion(operation, "success"):
                ledgers.note(operation) { $0.successes.append(run.trace[position].sequence) }
            case let .completion(operation, "failure"):
                ledgers.note(operation) { $0.failures.append(run.trace[position].sequence) }
            default:
                continue
            }
        }
        return ledgers.keys.compactMap { operation in violation(operation, ledgers[operation]) }
    }

    private func violation(_ operation: String, _ ledger: Ledger) -> Violation? {
        var problems: [String] = []
        if ledger.finishes.count > 1 { problems.append("finished \(ledger.finishes.count) times at \(list(ledger.finishes))") }
        if ledger.completionBlocks.count > 1 {
            problems.append("completion block ran \(ledger.completionBlocks.count) times at \(list(ledger.completionBlocks))")
        }
        if !ledger.successes.isEmpty, !ledger.failures.isEmpty {
            problems.append("ran success at \(list(ledger.successes)) and failure at \(list(ledger.failures))")
        } else if ledger.successes.count > 1 {
            problems.append("ran success \(ledger.successes.count) times at \(list(ledger.successes))")
        } else if ledger.failures.count > 1 {
            problems.append("ran failure \(ledger.failures.count) times at \(list(ledger.failures))")
        }
        guard let first = problems.first else { return nil }
        return Violation(checker: name, kind: .repeatedCompletion, summary: "\(operation) \(first)", details: Array(problems.dropFirst()))
    }

    private func list(_ sequences: [Int]) -> String { sequences.map { "#\($0)" }.joined(separator: ", ") }
}

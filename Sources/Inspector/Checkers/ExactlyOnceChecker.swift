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
        var finishes = Occurrences()
        var completionBlocks = Occurrences()
        var successes = Occurrences()
        var failures = Occurrences()
    }

    /// The sequence numbers of one kind of event, the first kept apart, so that an event
    /// seen once, as each is in a clean run, allocates nothing.
    private struct Occurrences {
        private var first: Int?
        private var rest: [Int] = []

        var count: Int { first == nil ? 0 : 1 + rest.count }
        var isEmpty: Bool { first == nil }
        /// Every sequence number, in order.
        var all: [Int] { first.map { [$0] + rest } ?? [] }

        mutating func append(_ sequence: Int) {
            if first == nil { first = sequence } else { rest.append(sequence) }
        }
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
        return ledgers.entries.compactMap { violation($0.key, $0.record) }
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

    private func list(_ sequences: Occurrences) -> String { sequences.all.map { "#\($0)" }.joined(separator: ", ") }
}

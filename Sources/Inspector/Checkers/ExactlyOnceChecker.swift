import LabRuntime

/// `exactly-once`: each operation finishes at most once, each completion block it was given
/// runs at most once, and it runs success or failure, not both (nor either twice).
///
/// Reads the trace alone: accepted `operation.state` transitions to `finished`, and the
/// `completion` events (`completion block`, `success`, `failure`). A block set after another
/// is named apart (`completion block 2`: a batch wraps the block already set in its own, and
/// both run once), so each block is counted on its own. Operations are reported in the order
/// they first appear in the trace.
public struct ExactlyOnceChecker: Checker {
    public let name = "exactly-once"
    public let summary = "each operation finishes once, completes once, and runs success XOR failure"

    /// The checker.
    public init() {}

    private struct Ledger {
        var finishes = Occurrences()
        /// Each completion block's runs, in the order the blocks first ran.
        var completionBlocks: [(block: String, runs: Occurrences)] = []
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

    /// Which of an operation's lists an event goes in.
    private enum Step {
        case finish, completionBlock(String), success, failure
    }

    /// The operation an event of `kind` is about and its step, if it is one. Reading the
    /// kind in place here retains only the operation's name, where binding it where the
    /// trace is read would copy every value of the event.
    private static func step(_ kind: TraceEvent.Kind) -> (operation: String, step: Step)? {
        switch kind {
        case let .operationState(operation, _, "finished", accepted) where accepted: (operation, .finish)
        case let .completion(operation, block) where block.hasPrefix("completion block"): (operation, .completionBlock(block))
        case let .completion(operation, "success"): (operation, .success)
        case let .completion(operation, "failure"): (operation, .failure)
        default: nil
        }
    }

    public func check(_ run: SimulationResult) -> [Violation] {
        var ledgers = FirstSeenLedger<String, Ledger>(empty: Ledger())
        for position in run.operationEventPositions {
            guard let (operation, step) = Self.step(run.trace[position].kind) else { continue }
            let sequence = run.trace[position].sequence
            ledgers.note(operation) { ledger in
                switch step {
                case .finish: ledger.finishes.append(sequence)
                case let .completionBlock(block):
                    if let index = ledger.completionBlocks.firstIndex(where: { $0.block == block }) {
                        ledger.completionBlocks[index].runs.append(sequence)
                    } else {
                        var runs = Occurrences()
                        runs.append(sequence)
                        ledger.completionBlocks.append((block, runs))
                    }
                case .success: ledger.successes.append(sequence)
                case .failure: ledger.failures.append(sequence)
                }
            }
        }
        return ledgers.entries.compactMap { violation($0.key, $0.record) }
    }

    private func violation(_ operation: String, _ ledger: Ledger) -> Violation? {
        var problems: [String] = []
        if ledger.finishes.count > 1 { problems.append("finished \(ledger.finishes.count) times at \(list(ledger.finishes))") }
        for (block, runs) in ledger.completionBlocks where runs.count > 1 {
            problems.append("\(block) ran \(runs.count) times at \(list(runs))")
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

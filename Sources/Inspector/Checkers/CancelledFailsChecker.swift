import LabRuntime

/// `cancelled-fails`: an operation whose `isCancelled` was set before it finished completes
/// with failure (`NSURLErrorCancelled`, −999), never with success: the cancel that loses to
/// completion, caught without a hand-written expectation.
///
/// Reads the trace alone: `operation.cancel` (the flag was set), the accepted
/// `operation.state` transition to `finished`, and the `success` completion. A cancel that
/// comes after the finish is ignored by the operation and is no violation.
public struct CancelledFailsChecker: Checker {
    public let name = "cancelled-fails"
    public let summary = "an operation cancelled before it finished fails with -999, never runs success"

    /// The checker.
    public init() {}

    private struct Ledger {
        var cancelledAt: Int?
        var finishedAt: Int?
        var successAt: Int?
    }

    /// Which of an operation's moments an event is.
    private enum Step {
        case cancel, finish, success
    }

    /// The operation an event of `kind` is about and its step, if it is one. Reading the
    /// kind in place here retains only the operation's name, where binding it where the
    /// trace is read would copy every value of the event.
    private static func step(_ kind: TraceEvent.Kind) -> (operation: String, step: Step)? {
        switch kind {
        case let .operationCancelled(operation): (operation, .cancel)
        case let .operationState(operation, _, "finished", accepted) where accepted: (operation, .finish)
        case let .completion(operation, "success"): (operation, .success)
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
                case .cancel: ledger.cancelledAt = ledger.cancelledAt ?? sequence
                case .finish: ledger.finishedAt = ledger.finishedAt ?? sequence
                case .success: ledger.successAt = ledger.successAt ?? sequence
                }
            }
        }
        return ledgers.entries.compactMap { operation, ledger in
            guard let cancelled = ledger.cancelledAt, let success = ledger.successAt,
                cancelled < (ledger.finishedAt ?? Int.max)
            else { return nil }
            let finished = ledger.finishedAt.map { ", finished at #\($0)" } ?? ""
            return Violation(
                checker: name, kind: .cancelledButSucceeded,
                summary: "\(operation) ran success at #\(success) although it was cancelled at #\(cancelled)",
                details: ["cancelled at #\(cancelled)\(finished): expected failure with NSURLErrorCancelled (-999)"])
        }
    }
}

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

    public func check(_ run: SimulationResult) -> [Violation] {
        var ledgers = FirstSeenLedger<String, Ledger>(empty: Ledger())
        for position in run.operationEventPositions {
            switch run.trace[position].kind {
            case let .operationCancelled(operation):
                ledgers.note(operation) { $0.cancelledAt = $0.cancelledAt ?? run.trace[position].sequence }
            case let .operationState(operation, _, "finished", true):
                ledgers.note(operation) { $0.finishedAt = $0.finishedAt ?? run.trace[position].sequence }
            case let .completion(operation, "success"):
                ledgers.note(operation) { $0.successAt = $0.successAt ?? run.trace[position].sequence }
            default:
                continue
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

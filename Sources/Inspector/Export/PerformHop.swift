import LabRuntime

/// A perform hop: a block queued on one thread's loop (`perform.enqueue`) and the event
/// where it ran (`perform.run`) on the target thread.
struct PerformHop: Sendable, Equatable {
    /// The `perform.enqueue` event.
    public let enqueue: TraceEvent
    /// The matching `perform.run` event.
    public let run: TraceEvent

    /// The hops of `trace`: each run is matched to the earliest unmatched enqueue of the
    /// same label aimed at the thread it ran on (blocks run in FIFO order per loop). Hops
    /// are in the order of their runs; enqueues that never ran are left out.
    public static func hops(in trace: [TraceEvent]) -> [PerformHop] {
        var pending: [TraceEvent] = []
        var hops: [PerformHop] = []
        for event in trace {
            switch event.kind {
            case .performEnqueued:
                pending.append(event)
            case let .performRun(label, _):
                let match = pending.firstIndex { candidate in
                    guard case let .performEnqueued(queued, target, _) = candidate.kind else { return false }
                    return queued == label && target == event.thread
                }
                if let match { hops.append(PerformHop(enqueue: pending.remove(at: match), run: event)) }
            default:
                break
            }
        }
        return hops
    }
}

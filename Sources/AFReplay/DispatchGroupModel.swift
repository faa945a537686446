import LabRuntime

/// A GCD dispatch group (`dispatch_group_t`): a count of outstanding work, and blocks to
/// run on a queue once the count drops to zero.
///
/// AFNetworking uses groups to run completion work (`dispatch_group_async`) and to nil the
/// completion block once that work has drained (`dispatch_group_notify`, spec §3.12), and
/// batches enter and leave a group per member (spec §3.16). The count is kept under a
/// `VisibleMutex`, as GCD keeps it in an atomic: entering and leaving are not scheduling
/// points, but partial-order reduction sees them touch the group; the blocks they release
/// are queued like any other dispatch.
public final class DispatchGroupModel: Sendable {
    private struct Waiter: Sendable {
        let queue: any LabDispatchQueue
        let label: String
        let block: @Sendable () -> Void
    }

    private struct State: Sendable {
        var count = 0
        var waiters: [Waiter] = []
    }

    /// The group's name, e.g. `"url_request_operation_completion_group"`.
    public let label: String
    private let state: VisibleMutex<State>

    /// An empty group (`dispatch_group_create`) under `runtime`.
    public init(label: String, runtime: any Runtime = currentRuntime()) {
        self.label = label
        state = VisibleMutex(State(), runtime: runtime)
    }

    /// The number of blocks entered and not yet left.
    public var outstanding: Int { state.withLock { $0.count } }

    /// Adds one to the count (`dispatch_group_enter`).
    public func enter() {
        state.withLock { $0.count += 1 }
    }

    /// Takes one from the count (`dispatch_group_leave`); at zero the waiting notify blocks
    /// are queued, in the order they were registered. Leaving more than entered traps, as GCD
    /// does.
    public func leave() {
        let released = state.withLock { state -> [Waiter] in
            precondition(state.count > 0, "dispatch_group_leave on \(label) without a matching enter")
            state.count -= 1
            guard state.count == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in released { waiter.queue.async(label: waiter.label, waiter.block) }
    }

    /// Enters the group, runs `block` on `queue`, and leaves (`dispatch_group_async`).
    public func async(queue: any LabDispatchQueue, label blockLabel: String, _ block: @escaping @Sendable () -> Void) {
        enter()
        queue.async(label: blockLabel) {
            block()
            self.leave()
        }
    }

    /// Queues `block` on `queue` once the group is empty: at once if it is empty now
    /// (`dispatch_group_notify`).
    public func notify(queue: any LabDispatchQueue, label blockLabel: String, _ block: @escaping @Sendable () -> Void) {
        let waiter = Waiter(queue: queue, label: blockLabel, block: block)
        let now = state.withLock { state -> Bool in
            guard state.count > 0 else { return true }
            state.waiters.append(waiter)
            return false
        }
        if now { queue.async(label: blockLabel, block) }
    }
}

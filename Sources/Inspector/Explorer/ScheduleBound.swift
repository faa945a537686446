import LabRuntime

/// What bounded search counts against its bound: CHESS's preemptions, or Emmi, Qadeer
/// and Rakamarić's delays ("Delay-Bounded Scheduling", POPL 2011).
///
/// Both measure a choice against one deterministic scheduler: round-robin from the thread
/// that reached the point. It keeps the current thread while it can go on; when that thread
/// blocks or exits, the next runnable thread after it (by id, wrapping) runs. So the choice
/// at a blocking point is free of cost only when it is the round-robin one, and a search
/// with bound 0 runs exactly one schedule.
public enum ScheduleBound: Sendable, Equatable {
    /// Any choice other than the round-robin one costs 1.
    case preemptions
    /// Choosing the `k`-th thread after the round-robin one costs `k`: each runnable thread
    /// passed over is one delay.
    case delays

    /// What choosing the thread at `position` of the round-robin order costs (position 0
    /// is the round-robin choice itself).
    func cost(ofPosition position: Int) -> Int {
        switch self {
        case .preemptions: position == 0 ? 0 : 1
        case .delays: position
        }
    }

    /// The thread at `position` of the round-robin order from `current` over `enabled`
    /// (ascending): `current` first if it can go on, then the ones after it by id, wrapping
    /// round. A binary search, so choosing costs O(log n) in the number of runnable threads.
    static func roundRobin(_ enabled: [LabThreadID], from current: LabThreadID, position: Int) -> LabThreadID {
        var low = 0
        var high = enabled.count
        while low < high {
            let middle = (low + high) / 2
            if enabled[middle] < current { low = middle + 1 } else { high = middle }
        }
        return enabled[(low + position) % enabled.count]
    }
}

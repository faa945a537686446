/// The threads whose blocker names one object (a lock, a semaphore, a thread to join), or
/// that wait for time or the kernel: the ones whose runnability can change when that object
/// does. Order is not kept: a thread leaves by swapping the last one into its place, so
/// that joining and leaving take constant time. The first waiter is kept inline, so that an
/// object with one waiter at a time, as most have, allocates nothing. Guarded by the
/// simulation's mutex.
///
/// The threads are not retained (``Unretained``): the simulation's `threads` keeps every
/// thread alive for the whole run, and a list is read only during the run; so a thread and
/// the lock it waits for do not keep each other alive after it.
struct WaitingThreads: RandomAccessCollection {
    /// The waiter in slot 0, if there is any.
    private var first: Unretained<SimulatedThread>?
    /// The waiters in slots 1 and up; empty until two wait at once.
    private var rest: [Unretained<SimulatedThread>] = []

    /// Slot 0, the first waiter's.
    var startIndex: Int { 0 }
    /// One past the last waiter's slot: how many wait.
    var endIndex: Int { first == nil ? 0 : rest.count + 1 }

    /// The waiter in `slot`, which a waiting thread's `waitSlot` names.
    subscript(slot: Int) -> Unretained<SimulatedThread> {
        get { slot == 0 ? first! : rest[slot - 1] }
        set {
            if slot == 0 { first = newValue } else { rest[slot - 1] = newValue }
        }
    }

    /// Adds `thread`, which waits on nothing else.
    mutating func add(_ thread: SimulatedThread) {
        thread.waitSlot = endIndex
        if first == nil { first = Unretained(thread) } else { rest.append(Unretained(thread)) }
    }

    /// Removes `thread`, which ``add(_:)`` added.
    mutating func remove(_ thread: SimulatedThread) {
        let slot = thread.waitSlot
        let last: Unretained<SimulatedThread>
        if rest.isEmpty {
            last = first!
            first = nil
        } else {
            last = rest.removeLast()
        }
        // Unless `thread` was the last, the last takes its place.
        if slot < endIndex {
            self[slot] = last
            last.with { $0.waitSlot = slot }
        }
        thread.waitSlot = -1
    }
}

/// The threads whose blocker names one object (a lock, a semaphore, a thread to join), or
/// that wait for time or the kernel: the ones whose runnability can change when that object
/// does. Order is not kept: a thread leaves by swapping the last one into its place, so
/// that joining and leaving take constant time. Guarded by the simulation's mutex.
struct WaitingThreads {
    /// The threads, not retained (``Unretained``): the simulation's `threads` keeps every
    /// thread alive for the whole run, and a list is read only during the run; so a thread
    /// and the lock it waits for do not keep each other alive after it.
    private(set) var entries: [Unretained<SimulatedThread>] = []

    /// Adds `thread`, which waits on nothing else.
    mutating func add(_ thread: SimulatedThread) {
        thread.waitSlot = entries.count
        entries.append(Unretained(thread))
    }

    /// Removes `thread`, which ``add(_:)`` added.
    mutating func remove(_ thread: SimulatedThread) {
        let slot = thread.waitSlot
        let last = entries.removeLast()
        // Unless `thread` was the last, the last takes its place.
        if slot < entries.count {
            entries[slot] = last
            last.with { $0.waitSlot = slot }
        }
        thread.waitSlot = -1
    }
}

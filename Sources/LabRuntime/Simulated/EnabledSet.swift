/// The threads of a ``Simulation`` that can run, kept in ascending id order and changed one
/// thread at a time, so that a scheduling point costs time for the threads whose state
/// changed rather than for every thread of the run.
struct EnabledSet {
    /// The runnable threads, ascending.
    private(set) var threads: [LabThreadID] = []
    /// Per thread id: whether it is in ``threads``.
    private var isMember: [Bool] = []

    /// Records whether `thread` can run.
    mutating func set(_ thread: LabThreadID, runnable: Bool) {
        while isMember.count <= thread { isMember.append(false) }
        guard isMember[thread] != runnable else { return }
        isMember[thread] = runnable
        var low = 0
        var high = threads.count
        while low < high {
            let middle = (low + high) / 2
            if threads[middle] < thread { low = middle + 1 } else { high = middle }
        }
        if runnable { threads.insert(thread, at: low) } else { threads.remove(at: low) }
    }

    /// Whether `thread` can run.
    func contains(_ thread: LabThreadID) -> Bool { thread < isMember.count && isMember[thread] }
}

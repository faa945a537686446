/// Which threads can run at a scheduling point, kept up to date as threads block and wake
/// instead of found by looking at every thread, so that a point costs no more with more
/// threads. Mutex held throughout.
///
/// A thread's runnability (``isRunnable(_:at:)``) changes only when its own blocker does
/// (it is then the thread at the point), when the object it waits on changes (a lock taken
/// or freed, a semaphore's count leaving or reaching 0, a thread exiting: the object's
/// ``WaitingThreads`` are looked at again), or, for a port-set wait or a sleep, when time
/// passes or a member becomes ready: those threads (``timedWaiters``) are looked at at every
/// point where time or the run's ``descriptorActivity`` moved since they last were (or
/// where a port set has a member whose calls are not counted), as a port set polls only the
/// members whose readiness may have changed (``SimulatedPortSet/firstReadyMember()``).
/// ``runnable`` holds the answers; ``enabled`` and ``nextOperations`` (unless a random
/// search needs none: ``keepsNextOperations``) follow it, a few
/// threads in or out at a time (``changedThreads``) or rebuilt when many changed. Debug builds check the result against a look at every
/// thread.
extension Simulation {
    /// Makes `blocker` what `thread` (which runs, and waits on nothing) waits for.
    func block(_ thread: SimulatedThread, on blocker: SimulatedThread.Blocker) {
        thread.blocker = blocker
        switch blocker {
        case let .lock(lock): lock.with { $0.waiters.add(thread) }
        case let .semaphore(semaphore): semaphore.with { $0.waiters.add(thread) }
        case let .join(target): target.with { $0.joiners.add(thread) }
        case .ports, .sleep: timedWaiters.add(thread)
        case .none, .exited: break
        }
    }

    /// Ends `thread`'s wait: it has been chosen and goes on. Inlined, so that a point that
    /// waits on nothing, as most do, costs one test.
    @inline(__always) func unblock(_ thread: SimulatedThread) {
        if case .none = thread.blocker { return }
        endWait(of: thread)
    }

    /// Ends the wait of `thread`, which waits on something.
    private func endWait(of thread: SimulatedThread) {
        switch thread.blocker {
        case let .lock(lock): lock.with { $0.waiters.remove(thread) }
        case let .semaphore(semaphore): semaphore.with { $0.waiters.remove(thread) }
        case let .join(target): target.with { $0.joiners.remove(thread) }
        case .ports, .sleep: timedWaiters.remove(thread)
        case .none, .exited: return
        }
        thread.blocker = .none
    }

    /// Marks `thread` exited; the threads joining it can run.
    func markExited(_ thread: SimulatedThread) {
        thread.blocker = .exited
        setRunnable(thread.joiners, true)
    }

    /// Notes that `lock` was taken or freed: the threads waiting for it can run if it is free.
    func lockChanged(_ lock: SimulatedLock) {
        setRunnable(lock.waiters, lock.owner == nil)
    }

    /// Notes that `semaphore`'s count left or reached 0: the threads waiting on it can run
    /// if it is positive.
    func semaphoreChanged(_ semaphore: SimulatedSemaphore) {
        setRunnable(semaphore.waiters, semaphore.count > 0)
    }

    /// Whether ``nextOperations`` is kept up to date: a strategy's decision carries it, but a
    /// random search chooses among ``enabled`` alone, with no decision made.
    var keepsNextOperations: Bool { random == nil }

    /// Registers a new thread, which can run.
    func noteNewThread(_ thread: SimulatedThread) {
        if runnable.update(thread.id, isMember: true) { changedThreads.append(thread.id) }
    }

    /// Brings ``enabled`` and ``nextOperations`` up to date at a point `me` has reached,
    /// after its blocker and its next operation were set: `me` and every thread waiting for
    /// time or a port set are looked at again.
    func updateEnabled(at me: SimulatedThread) {
        let time = now()
        // A thread that waits on nothing was runnable when it ran, and still is.
        if case .none = me.blocker {} else { refresh(me, at: time) }
        refreshTimedWaiters(at: time)
        applyChanges()
        if keepsNextOperations, runnable.contains(me.id), let slot = slotInEnabled(of: me.id) {
            nextOperations[slot] = me.nextOperation
        }
        checkEnabled()
    }

    /// Looks again at every thread waiting for time or a port set, as after the clock moved.
    func refreshTimedWaiters() {
        refreshTimedWaiters(at: now())
        applyChanges()
        checkEnabled()
    }

    /// Looks again at every thread waiting for time or a port set, unless nothing they wait
    /// for can have moved since the last look. Inlined, so that a point where nothing has,
    /// as at most, costs the test alone.
    @inline(__always) private func refreshTimedWaiters(at time: LabInstant) {
        let activity = descriptorActivity.current
        if timedAnswersLast, let seen = timedWaitersLookedAt, seen.time == time, seen.activity == activity { return }
        refreshEveryTimedWaiter(at: time, activity: activity)
    }

    /// Looks again at every thread waiting for time or a port set, at `time`, when the
    /// run's descriptor activity is `activity`.
    private func refreshEveryTimedWaiter(at time: LabInstant, activity: Int) {
        timedAnswersLast = true
        // By index: a look changes no waiting list, and iterating the list would retain it.
        var index = 0
        while index < timedWaiters.count {
            timedWaiters[index].with { refresh($0, at: time) }
            index += 1
        }
        timedWaitersLookedAt = (time, activity)
    }

    private func setRunnable(_ waiters: WaitingThreads, _ isRunnable: Bool) {
        for entry in waiters {
            let thread = entry.with { $0.id }
            if runnable.update(thread, isMember: isRunnable) { changedThreads.append(thread) }
        }
    }

    private func refresh(_ thread: SimulatedThread, at time: LabInstant) {
        if runnable.update(thread.id, isMember: isRunnable(thread, at: time)) { changedThreads.append(thread.id) }
    }

    /// The index of `thread` in ``enabled``, which is ascending.
    @inline(__always) private func slotInEnabled(of thread: LabThreadID) -> Int? {
        let slot = Simulation.lowerBound(of: thread, in: enabled)
        return slot < enabled.count && enabled[slot] == thread ? slot : nil
    }

    /// The first index of the ascending `list` whose thread is `thread` or above.
    private static func lowerBound(of thread: LabThreadID, in list: [LabThreadID]) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < thread { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Brings ``enabled`` and ``nextOperations`` in line with ``runnable``: the threads of
    /// ``changedThreads`` go in or out one by one, or, when many changed, the lists are
    /// rebuilt. The lists are changed in local copies, which reuse the old storage unless a
    /// trace event or a decision still holds it. Inlined, so that a point where no thread
    /// changed, as at most, costs one test.
    @inline(__always) private func applyChanges() {
        if !changedThreads.isEmpty { applyChangedThreads() }
    }

    /// ``applyChanges()`` once some thread has changed.
    private func applyChangedThreads() {
        // Swapped out rather than copied, which would count a reference in and out of each.
        var list: [LabThreadID] = []
        var operations: [VisibleOperation] = []
        swap(&list, &enabled)
        swap(&operations, &nextOperations)
        if changedThreads.count > Simulation.changesAppliedOneByOne {
            list.removeAll(keepingCapacity: true)
            operations.removeAll(keepingCapacity: true)
            runnable.forEach { thread in
                list.append(thread)
                if keepsNextOperations { operations.append(threads[thread].nextOperation) }
            }
            changedThreads.removeAll(keepingCapacity: true)
        } else {
            // Taken from the end: each thread goes in or out at its own place, so the order
            // does not matter, and popping is cheaper than emptying the list afterwards.
            while let thread = changedThreads.popLast() {
                let slot = Simulation.lowerBound(of: thread, in: list)
                let isListed = slot < list.count && list[slot] == thread
                if runnable.contains(thread), !isListed {
                    list.insertByShifting(thread, at: slot)
                    if keepsNextOperations { operations.insertByShifting(threads[thread].nextOperation, at: slot) }
                } else if !runnable.contains(thread), isListed {
                    list.remove(at: slot)
                    if keepsNextOperations { operations.remove(at: slot) }
                }
            }
        }
        swap(&list, &enabled)
        swap(&operations, &nextOperations)
    }

    /// The number of changed threads above which ``applyChanges()`` rebuilds the lists.
    private static let changesAppliedOneByOne = 8

    /// In debug builds, checks the lists against a look at every thread.
    private func checkEnabled() {
        assert(
            enabled == threads.filter { isRunnable($0, at: now()) }.map(\.id)
                && nextOperations == (keepsNextOperations ? enabled.map { threads[$0].nextOperation } : []),
            "the enabled threads kept up to date differ from a look at every thread")
    }

    /// Whether a member of `set` is ready; notes when the answer may change before time or
    /// ``descriptorActivity`` moves (``timedAnswersLast``).
    private func isReady(_ set: SimulatedPortSet) -> Bool {
        let (isReady, lasts) = set.isReadyAndWhetherItLasts()
        if !lasts { timedAnswersLast = false }
        return isReady
    }

    /// Whether `thread` can run at `time`. A port set polls only the members whose
    /// readiness may have changed since it last asked.
    private func isRunnable(_ thread: SimulatedThread, at time: LabInstant) -> Bool {
        switch thread.blocker {
        case .none: true
        case let .lock(lock): lock.with { $0.owner == nil }
        case let .semaphore(semaphore): semaphore.with { $0.count > 0 }
        case let .ports(set, deadline):
            if let deadline, deadline <= time { true } else { set.with { isReady($0) } }
        case let .sleep(until): until <= time
        case let .join(target): target.with { $0.hasExited }
        case .exited: false
        }
    }

    /// The earliest deadline of a timed waiter that is still to come, if any: where the
    /// clock jumps when nobody can run. Found in one pass, with no list made.
    func nextDeadline() -> LabInstant? {
        let time = now()
        var next: LabInstant?
        for entry in timedWaiters {
            guard let deadline = entry.with({ $0.deadline }), deadline > time else { continue }
            if let earliest = next, earliest <= deadline { continue }
            next = deadline
        }
        return next
    }
}

extension Array {
    /// Inserts `element` at `index` by appending it and moving it down to its place: for the
    /// short lists of enabled threads, cheaper than the general `insert(_:at:)`.
    fileprivate mutating func insertByShifting(_ element: Element, at index: Int) {
        append(element)
        withUnsafeMutableBufferPointer { buffer in
            var position = buffer.count - 1
            while position > index {
                buffer.swapAt(position, position - 1)
                position -= 1
            }
        }
    }
}

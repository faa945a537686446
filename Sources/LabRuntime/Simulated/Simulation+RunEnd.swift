import CSystem
import Glibc

/// How a run ends: the outcome when nobody can run, and the unwinding of the threads left
/// idle in their loops once it is over. Mutex held throughout.
extension Simulation {
    /// Switches from `me` back to the caller of ``run(main:)``, with the mutex held: the
    /// run is over. Returns if the caller resumes `me` to unwind.
    func switchToCaller(from me: SimulatedThread) {
        CurrentThreadSlot.restore(callerThreadSlot)
        csystem_fiber_switch(me.stack!.fiber, caller)
    }

    /// After the run: resumes each thread idle in a port-set wait with no deadline, whose
    /// wait answers ``PortSetWaitResult/runOver``, and lets it run on alone until it exits
    /// (or until it would have to wait for something, when it is left there). Nothing is
    /// traced or chosen any more; time stands still. Mutex held.
    func unwindIdleThreads() {
        isOver = true
        for record in threads {
            guard case .ports(_, deadline: nil) = record.blocker, let stack = record.stack else { continue }
            unwindSteps = 0
            CurrentThreadSlot.exchangeBorrowed(record.thread)
            csystem_fiber_switch(caller, stack.fiber)
        }
        CurrentThreadSlot.restore(callerThreadSlot)
    }

    /// Whether the unwinding thread `me` can go past its scheduling point with no other
    /// thread running: a port wait (which answers ``PortSetWaitResult/runOver``), a free
    /// lock, a positive semaphore, an exited thread to join, or no wait at all.
    func canGoOnUnwinding(_ me: SimulatedThread) -> Bool {
        switch me.blocker {
        case .none, .ports: true
        case let .lock(lock): lock.object.owner == nil
        case let .semaphore(semaphore): semaphore.object.count > 0
        case let .join(target): target.object.hasExited
        case .sleep, .exited: false
        }
    }

    /// Quiescence if every live thread idles on its ports, else a deadlock. A thread
    /// blocked on a lock that was free when it asked (it lost the lock while it waited for
    /// the baton) gets its `lock.wait` event now, so that the trace shows every wait of
    /// the deadlock.
    func stalledOutcome() -> SimulationOutcome {
        // Most runs end idle: found without building the graph, which only a deadlock shows.
        guard threads.contains(where: \.waitsOnAnotherThread) else { return .quiescent }
        var edges: [WaitForGraph.Edge] = []
        var idle = true
        for thread in threads where !thread.hasExited {
            let target: WaitForGraph.Target
            switch thread.blocker {
            case let .lock(waited):
                let lock = waited.object
                if !thread.lockWaitRecorded, let holder = lock.owner {
                    let kind = TraceEvent.Kind.lockWait(lock: lock.traceName, lockClass: lock.lockClass, holder: holder)
                    if let location = thread.lockCallLocation {
                        appendLocked(thread, kind, at: location)
                    } else {
                        appendLocked(thread, kind)
                    }
                    thread.lockWaitRecorded = true
                }
                let holder = lock.owner ?? thread.id
                target = .lock(name: lock.traceName, lockClass: lock.lockClass, holder: holder, holderName: threads[holder].thread.name)
            case let .semaphore(semaphore): target = .semaphore(name: semaphore.object.name)
            case let .join(other): target = .join(thread: other.object.id, threadName: other.object.thread.name)
            case .ports, .sleep, .none, .exited: target = .ports
            }
            if target != .ports { idle = false }
            edges.append(.init(thread: thread.id, threadName: thread.thread.name, target: target))
        }
        return idle ? .quiescent : .deadlock(WaitForGraph(edges: edges))
    }
}

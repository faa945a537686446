/// Which threads can run at a scheduling point. Mutex held.
extension Simulation {
    /// Fills ``enabled`` with the threads that can run now, ascending. A port set polls only
    /// the members whose readiness may have changed since it last asked
    /// (``SimulatedPortSet/firstReadyMember()``).
    func collectEnabled() {
        enabled.removeAll(keepingCapacity: true)
        let time = now()
        for thread in threads {
            let runnable: Bool
            switch thread.blocker {
            case .none: runnable = true
            case let .lock(lock): runnable = lock.owner == nil
            case let .semaphore(semaphore): runnable = semaphore.count > 0
            case let .ports(set, deadline):
                if let deadline, deadline <= time {
                    runnable = true
                } else {
                    runnable = set.firstReadyMember() != nil
                }
            case let .sleep(until): runnable = until <= time
            case let .join(target): runnable = target.hasExited
            case .exited: runnable = false
            }
            if runnable { enabled.append(thread.id) }
        }
    }
}

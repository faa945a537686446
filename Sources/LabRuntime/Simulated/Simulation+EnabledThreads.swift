/// Which threads can run at a scheduling point. Mutex held.
extension Simulation {
    /// Fills ``enabled`` with the threads that can run now, ascending. Port sets are polled
    /// once each, however many threads wait on them.
    func collectEnabled() {
        enabled.removeAll(keepingCapacity: true)
        let time = now()
        var polled: [(set: SimulatedPortSet, ready: Bool)] = []
        for thread in threads {
            let runnable: Bool
            switch thread.blocker {
            case .none: runnable = true
            case let .lock(lock): runnable = lock.owner == nil
            case let .semaphore(semaphore): runnable = semaphore.count > 0
            case let .ports(set, deadline):
                if let deadline, deadline <= time {
                    runnable = true
                } else if let known = polled.first(where: { $0.set === set }) {
                    runnable = known.ready
                } else {
                    runnable = set.firstReadyMember() != nil
                    polled.append((set, runnable))
                }
            case let .sleep(until): runnable = until <= time
            case let .join(target): runnable = target.hasExited
            case .exited: runnable = false
            }
            if runnable { enabled.append(thread.id) }
        }
    }
}

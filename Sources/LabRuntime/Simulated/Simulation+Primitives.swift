import Glibc

/// The blocking primitives of the simulated runtime: a lab lock's acquire and release, a
/// semaphore's signal and wait, and a wait on a port set. Each is a scheduling point taken
/// with the simulation's mutex held, then the change it makes and its trace event.
extension Simulation {
    func acquire(_ lock: SimulatedLock, at location: CodeLocation) {
        lockMutex()
        defer { unlockMutex() }
        withCurrentLocked { me in
            if lock.owner == me.id, lock.isRecursive {
                touch(.lock(lock.id))
                lock.depth += 1
                appendLocked(me, .lockAcquire(lock: lock.traceName, lockClass: lock.lockClass, depth: lock.depth), at: location)
                return
            }
            if let holder = lock.owner {
                appendLocked(me, .lockWait(lock: lock.traceName, lockClass: lock.lockClass, holder: holder), at: location)
                me.lockWaitRecorded = true
            }
            block(me, on: .lock(Unretained(lock)))
            me.lockCallLocation = location
            pass(me, VisibleOperation(.lockAcquire, on: LabObjectID(.lock, lock.id)), lock.acquireLabel)
            me.lockWaitRecorded = false
            me.lockCallLocation = nil
            lock.owner = me.id
            lock.depth = 1
            lockChanged(lock)
            appendLocked(me, .lockAcquire(lock: lock.traceName, lockClass: lock.lockClass, depth: 1), at: location)
        }
    }

    /// Releases one level of `lock`; if the caller does not hold it, traces
    /// `lock.release-unheld` instead, changes nothing and returns false.
    func release(_ lock: SimulatedLock, at location: CodeLocation) -> Bool {
        lockMutex()
        defer { unlockMutex() }
        return withCurrentLocked { me -> Bool in
            pass(me, VisibleOperation(.lockRelease, on: LabObjectID(.lock, lock.id)), lock.releaseLabel)
            guard lock.owner == me.id else {
                appendLocked(me, .lockReleaseUnheld(lock: lock.traceName, holder: lock.owner), at: location)
                return false
            }
            appendLocked(me, .lockRelease(lock: lock.traceName, depth: lock.depth), at: location)
            lock.depth -= 1
            if lock.depth == 0 {
                lock.owner = nil
                lockChanged(lock)
            }
            return true
        }
    }

    func signal(_ semaphore: SimulatedSemaphore, at location: CodeLocation) {
        lockMutex()
        defer { unlockMutex() }
        withCurrentLocked { me in
            pass(me, VisibleOperation(.semaphoreSignal, on: LabObjectID(.semaphore, semaphore.id)), semaphore.signalLabel)
            semaphore.count += 1
            if semaphore.count == 1 { semaphoreChanged(semaphore) }
            appendLocked(me, .semaphoreSignal(name: semaphore.name), at: location)
        }
    }

    func wait(_ semaphore: SimulatedSemaphore, at location: CodeLocation) {
        lockMutex()
        defer { unlockMutex() }
        withCurrentLocked { me in
            block(me, on: .semaphore(Unretained(semaphore)))
            pass(me, VisibleOperation(.semaphoreWait, on: LabObjectID(.semaphore, semaphore.id)), semaphore.waitLabel)
            semaphore.count -= 1
            if semaphore.count == 0 { semaphoreChanged(semaphore) }
            appendLocked(me, .semaphoreWait(name: semaphore.name), at: location)
        }
    }

    func wait(on set: SimulatedPortSet, until deadline: LabInstant?) -> PortSetWaitResult {
        lockMutex()
        defer { unlockMutex() }
        return withCurrentLocked { me -> PortSetWaitResult in
            block(me, on: .ports(Unretained(set), deadline: deadline))
            pass(me, VisibleOperation(.receive, on: LabObjectID(.portSet, set.id)), set.waitLabel)
            if isOver { return .runOver }
            touch(all: set.memberChannels())
            return set.firstReadyMember().map { PortSetWaitResult.ready($0.0, $0.1) } ?? .timedOut
        }
    }
}

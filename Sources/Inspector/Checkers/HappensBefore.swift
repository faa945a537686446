import LabRuntime

/// Happens-before over a trace, built event by event from every lab synchronisation:
/// thread spawn and join, lock release → acquire, semaphore signal → wait, port send →
/// port-source perform, perform-block enqueue → run (the perform and dispatch hops), source
/// signal → perform, timer add → fire, run-loop wake-up → wake, and a ``LabAtomic``'s
/// writes → its later accesses (sequentially consistent). Each sending side
/// releases its clock into a channel named after the object; the receiving side joins it.
///
/// Channels keyed by name over-approximate a little (two blocks with the same label for
/// the same thread share one), which can only hide a race, never invent one. Bytes over
/// sockets are not an edge: no AFNetworking state travels through the server.
struct HappensBefore {
    private var clocks: [VectorClock] = []
    private var channels: [String: VectorClock] = [:]
    private var exits: [LabThreadID: VectorClock] = [:]

    /// The clock of `thread` now.
    mutating func clock(of thread: LabThreadID) -> VectorClock {
        ensure(thread)
        return clocks[thread]
    }

    /// Takes `event` into account.
    mutating func observe(_ event: TraceEvent) {
        let thread = event.thread
        ensure(thread)
        switch event.kind {
        case let .threadSpawn(child, _):
            ensure(child)
            clocks[child].join(clocks[thread])
            clocks[thread].tick(thread)
        case .threadExit:
            exits[thread] = clocks[thread]
        case let .join(other):
            if let final = exits[other] { clocks[thread].join(final) }
        case let .lockAcquire(lock, _, _): receive("lock \(lock)", by: thread)
        case let .lockRelease(lock, _): send("lock \(lock)", by: thread)
        case let .semaphoreSignal(name): send("semaphore \(name)", by: thread)
        case let .semaphoreWait(name): receive("semaphore \(name)", by: thread)
        case let .portSend(name): send("port \(name)", by: thread)
        case let .portPerform(name, _, _): receive("port \(name)", by: thread)
        case let .performEnqueued(label, target, _): send("perform T\(target) \(label)", by: thread)
        case let .performRun(label, _): receive("perform T\(thread) \(label)", by: thread)
        case let .sourceSignal(name): send("source \(name)", by: thread)
        case let .sourcePerform(name, _): receive("source \(name)", by: thread)
        case let .timerAdd(name, _, _, _): send("timer \(name)", by: thread)
        case let .timerFire(name, _): receive("timer \(name)", by: thread)
        case let .wakeUp(target, _): send("wake T\(target)", by: thread)
        case .loopWake: receive("wake T\(thread)", by: thread)
        case let .cellAccess(cell, access, _, true):
            receive("atomic \(cell)", by: thread)
            if access.isWrite { send("atomic \(cell)", by: thread) }
        default: break
        }
    }

    private mutating func send(_ channel: String, by thread: LabThreadID) {
        channels[channel, default: VectorClock()].join(clocks[thread])
        clocks[thread].tick(thread)
    }

    private mutating func receive(_ channel: String, by thread: LabThreadID) {
        if let sent = channels[channel] { clocks[thread].join(sent) }
    }

    private mutating func ensure(_ thread: LabThreadID) {
        while clocks.count <= thread {
            var fresh = VectorClock()
            fresh.tick(clocks.count)
            clocks.append(fresh)
        }
    }
}

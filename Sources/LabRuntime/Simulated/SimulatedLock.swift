/// A ``LabLock`` under simulation: an owner and a depth, with a scheduling point at every
/// acquire and release. Blocking is the scheduler not choosing the thread.
final class SimulatedLock: LabLock, @unchecked Sendable {
    // @unchecked: `owner`, `depth` and `waiters` are only touched with the simulation's mutex held.
    let id: Int
    let name: String
    let lockClass: String
    let isRecursive: Bool
    /// `"L3 operation lock A"`, made once: every acquire and release traces it.
    let traceName: String
    private unowned let simulation: Simulation
    var owner: LabThreadID?
    var depth = 0
    /// The threads that may wait for this lock (some may have stopped waiting), to look at
    /// again when its owner changes.
    var waiters: [SimulatedThread] = []

    init(id: Int, name: String, lockClass: String, recursive: Bool, simulation: Simulation) {
        self.id = id
        self.name = name
        self.lockClass = lockClass
        self.isRecursive = recursive
        self.traceName = "L\(id) \(name)"
        self.simulation = simulation
    }

    func lock() { simulation.acquire(self) }
    func unlock() { simulation.release(self) }
}

/// A ``LabSemaphore`` under simulation: a count, with a scheduling point at every signal
/// and wait.
final class SimulatedSemaphore: LabSemaphore, @unchecked Sendable {
    // @unchecked: `count` and `waiters` are only touched with the simulation's mutex held.
    let id: Int
    let name: String
    private unowned let simulation: Simulation
    var count: Int
    /// The threads that may wait on this semaphore (some may have stopped waiting), to look
    /// at again when its count changes.
    var waiters: [SimulatedThread] = []

    init(id: Int, name: String, value: Int, simulation: Simulation) {
        self.id = id
        self.name = name
        self.count = value
        self.simulation = simulation
    }

    func signal() { simulation.signal(self) }
    func wait() { simulation.wait(self) }
}

/// A ``LabLock`` under simulation: an owner and a depth, with a scheduling point at every
/// acquire and release. Blocking is the scheduler not choosing the thread.
final class SimulatedLock: LabLock, @unchecked Sendable {
    // @unchecked: `owner`, `depth` and `waiters` are only touched with the simulation's mutex
    // held, by one fiber at a time, with no access spanning a fiber switch: so they are
    // exclusive without the dynamic check (`@exclusivity(unchecked)`).
    let id: Int
    let name: String
    let lockClass: String
    let isRecursive: Bool
    /// `"L3 operation lock A"`: made once in a traced run, whose every acquire and release
    /// names the lock, and only when read in a run without a trace.
    var traceName: String { wholeName ?? String(traceNameOf: "L", id, name) }
    private let wholeName: String?
    /// The labels of its scheduling points, `"lock L3 operation lock A"` and `"unlock …"`.
    var acquireLabel: SchedulingPointLabel { SchedulingPointLabel("lock", on: traceName) }
    var releaseLabel: SchedulingPointLabel { SchedulingPointLabel("unlock", on: traceName) }
    /// Not retained, and borrowed at each call: only the simulation's lab threads use the
    /// object, and each of them holds the simulation (``LabThread/runtime``) while it runs;
    /// an `unowned` reference would count a strong reference in and out at every call.
    private let simulation: Unmanaged<Simulation>
    @exclusivity(unchecked) var owner: LabThreadID?
    @exclusivity(unchecked) var depth = 0
    /// The threads whose blocker is this lock.
    @exclusivity(unchecked) var waiters = WaitingThreads()

    init(id: Int, name: String, lockClass: String, recursive: Bool, simulation: Simulation) {
        self.id = id
        self.name = name
        self.lockClass = lockClass
        self.isRecursive = recursive
        wholeName = simulation.trace.isEnabled ? String(traceNameOf: "L", id, name) : nil
        self.simulation = .passUnretained(simulation)
    }

    func lock(at location: CodeLocation) { simulation._withUnsafeGuaranteedRef { $0.acquire(self, at: location) } }
    func unlock(at location: CodeLocation) -> Bool { simulation._withUnsafeGuaranteedRef { $0.release(self, at: location) } }
}

/// A ``LabSemaphore`` under simulation: a count, with a scheduling point at every signal
/// and wait.
final class SimulatedSemaphore: LabSemaphore, @unchecked Sendable {
    // @unchecked: `count` and `waiters` are only touched with the simulation's mutex held,
    // as a lock's fields are.
    let id: Int
    let name: String
    /// The labels of its scheduling points, `"signal available"` and `"wait available"`.
    var signalLabel: SchedulingPointLabel { SchedulingPointLabel("signal", on: name) }
    var waitLabel: SchedulingPointLabel { SchedulingPointLabel("wait", on: name) }
    /// Not retained, and borrowed at each call: only the simulation's lab threads use the
    /// object, and each of them holds the simulation (``LabThread/runtime``) while it runs;
    /// an `unowned` reference would count a strong reference in and out at every call.
    private let simulation: Unmanaged<Simulation>
    @exclusivity(unchecked) var count: Int
    /// The threads whose blocker is this semaphore.
    @exclusivity(unchecked) var waiters = WaitingThreads()

    init(id: Int, name: String, value: Int, simulation: Simulation) {
        self.id = id
        self.name = name
        self.count = value
        self.simulation = .passUnretained(simulation)
    }

    func signal(at location: CodeLocation) { simulation._withUnsafeGuaranteedRef { $0.signal(self, at: location) } }
    func wait(at location: CodeLocation) { simulation._withUnsafeGuaranteedRef { $0.wait(self, at: location) } }
}

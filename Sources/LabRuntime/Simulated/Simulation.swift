import Glibc
import Synchronization

/// The deterministic runtime: every lab thread is a real OS thread, but only one runs at a
/// time, and at each scheduling point a ``SchedulingStrategy`` chooses which goes next.
///
/// Scheduling points are lock acquire and release, semaphore signal and wait, thread
/// start, join and exit, port-set waits (a run loop about to sleep), port signals and
/// socket I/O (through ``schedulingPoint(_:)``), and ``yield(_:)``. Time is virtual: when
/// no thread can run, the clock jumps to the next deadline. When nothing can ever run
/// again, the run is over: ``SimulationOutcome/quiescent`` if every live thread is idle in
/// its run loop, otherwise ``SimulationOutcome/deadlock(_:)`` with the wait-for graph.
///
/// Lab threads run on pooled pthreads (``SimulationThreadPool``), all pinned to the CPU
/// that ``run(main:)`` was called on (see ``CPUAffinity``): only one runs at a time, and
/// handing the baton to a thread on the same CPU is a context switch instead of a wake-up
/// across CPUs. A lab thread gets its pthread when it is first chosen, so starting one
/// costs one hand-off. Threads still parked when a run ends are retired with
/// `pthread_exit`, threads whose body returned go back to the pool, and every descriptor
/// created during the run is closed, so thousands of runs can follow each other in one
/// process. Simulations are independent: each lab thread finds its runtime
/// thread-locally, so tests may run simulations in parallel.
public final class Simulation: Runtime, @unchecked Sendable {
    // @unchecked: every mutable stored property below is read and written only with
    // `mutex` held (a pthread mutex, so that the caller of `run` can wait on `ended`).
    public let trace: TraceRecorder
    public let locals = RuntimeLocals()
    public var flavor: RuntimeFlavor { .simulated }

    private let stepLimit: Int
    private let timeLimit: LabInstant?
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
    private let ended: UnsafeMutablePointer<pthread_cond_t> = .allocate(capacity: 1)
    private let clock = Atomic<Int64>(0)
    private let counters = Mutex([Int](repeating: 0, count: LabObjectKind.allCases.count))
    private let descriptors = Mutex<[LabFileDescriptor]>([])
    private var strategy: any SchedulingStrategy
    private var threads: [SimulatedThread] = []
    private var steps = 0
    private var switches: [Schedule.Switch] = []
    private var outcome: SimulationOutcome?
    private var hasRun = false
    /// Threads given a pthread and not yet gone: `run` returns when the run is over and
    /// this is 0.
    private var live = 0
    /// The CPU number every thread of the run is pinned to: the one `run` was called on.
    private var cpu = 0
    /// Reused by every scheduling point to list the runnable threads.
    private var enabled: [LabThreadID] = []
    /// Whether the strategy is told each transition's objects.
    private let observesTransitions: Bool
    /// The objects the running transition has touched so far (when observed).
    private var touched: [VisibleObject] = []
    /// The scheduling point where the running transition's thread was chosen.
    private var transitionStep = -1

    /// A simulation that chooses with `strategy`. It gives up after `stepLimit` scheduling
    /// points (a livelock) or when virtual time would pass `timeLimit`.
    public init(strategy: some SchedulingStrategy, stepLimit: Int = 1_000_000,
                timeLimit: Duration? = nil, tracing: Bool = true) {
        self.strategy = strategy
        observesTransitions = strategy.observesTransitions
        self.stepLimit = stepLimit
        self.timeLimit = timeLimit.map { .zero + $0 }
        trace = TraceRecorder(enabled: tracing)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(ended, nil)
    }

    deinit {
        pthread_cond_destroy(ended)
        pthread_mutex_destroy(mutex)
        ended.deallocate()
        mutex.deallocate()
    }

    /// Runs `main` on a lab thread named "main" (T0) and everything it starts, until the
    /// run ends; returns how it ended, the schedule and the trace. A simulation runs once.
    public func run(main: @escaping @Sendable () -> Void) -> SimulationResult {
        pthread_mutex_lock(mutex)
        precondition(!hasRun, "a Simulation runs once; make a new one for another run")
        hasRun = true
        cpu = CPUAffinity.currentCPU
        let first = makeThread(named: "main", main)
        let start = prepareWake(first)
        pthread_mutex_unlock(mutex)
        start()
        pthread_mutex_lock(mutex)
        while outcome == nil || live > 0 { pthread_cond_wait(ended, mutex) }
        // Each thread's record holds its LabThread, which holds this simulation: dropping
        // the records once the run is over breaks that cycle, so the run is freed.
        threads.removeAll()
        pthread_mutex_unlock(mutex)
        for descriptor in descriptors.withLock({ $0 }) { descriptor.close() }
        locals.removeAll()
        return SimulationResult(outcome: outcome!, schedule: Schedule(switches: switches),
                                trace: trace.finish(), steps: steps, endTime: now())
    }

    /// Runs `main` under `random(seed)`.
    public static func run(seed: UInt64, stepLimit: Int = 1_000_000, timeLimit: Duration? = nil,
                           main: @escaping @Sendable () -> Void) -> SimulationResult {
        Simulation(strategy: RandomStrategy(seed: seed), stepLimit: stepLimit, timeLimit: timeLimit).run(main: main)
    }

    /// Runs `main` under `replay(schedule)`.
    public static func replay(_ schedule: Schedule, stepLimit: Int = 1_000_000, timeLimit: Duration? = nil,
                              main: @escaping @Sendable () -> Void) -> SimulationResult {
        Simulation(strategy: ReplayStrategy(schedule), stepLimit: stepLimit, timeLimit: timeLimit).run(main: main)
    }

    // MARK: Runtime

    public var mainThread: LabThread? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return threads.first?.thread
    }

    public func now() -> LabInstant { LabInstant(nanoseconds: clock.load(ordering: .relaxed)) }

    public func nextID(_ kind: LabObjectKind) -> Int {
        counters.withLock { counters in
            defer { counters[kind.rawValue] += 1 }
            return counters[kind.rawValue]
        }
    }

    public func adopt(_ descriptor: LabFileDescriptor) {
        descriptors.withLock { $0.append(descriptor) }
    }

    public func spawnThread(named name: String, _ body: @escaping @Sendable () -> Void) -> LabThread {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let me = currentLocked()
        let child = makeThread(named: name, body)
        touch(.thread(child.id))
        pass(me, "spawn T\(child.id)")
        return child.thread
    }

    public func join(_ thread: LabThread) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let me = currentLocked()
        precondition(thread.runtime === self && thread.id < threads.count, "join: \(thread) belongs to another runtime")
        precondition(thread.id != me.id, "join: \(thread) cannot join itself")
        let target = threads[thread.id]
        if !target.hasExited { me.blocker = .join(target) }
        pass(me, "join T\(thread.id)")
        touch(.thread(thread.id))
        appendLocked(me, .join(thread: thread.id))
    }

    public func makeLock(named name: String, lockClass: String?, recursive: Bool) -> any LabLock {
        SimulatedLock(id: nextID(.lock), name: name, lockClass: lockClass ?? name, recursive: recursive, simulation: self)
    }

    public func makeSemaphore(named name: String, value: Int) -> any LabSemaphore {
        SimulatedSemaphore(id: nextID(.semaphore), name: name, value: value, simulation: self)
    }

    public func makePortSet(named name: String) -> any PortSet {
        SimulatedPortSet(id: nextID(.portSet), simulation: self)
    }

    public func yield(_ label: String) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let me = currentLocked()
        appendLocked(me, .yield(label: label))
        touch(.shared)
        pass(me, label)
    }

    public func schedulingPoint(_ label: @autoclosure () -> String) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        touch(.shared)
        pass(currentLocked(), label())
    }

    public func sleep(until deadline: LabInstant) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let me = currentLocked()
        me.blocker = .sleep(until: deadline)
        touch(.shared)
        pass(me, "sleep until \(deadline)")
    }

    // MARK: Primitives

    func acquire(_ lock: SimulatedLock) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let me = currentLocked()
        if lock.owner == me.id, lock.isRecursive {
            touch(.lock(lock.id))
            lock.depth += 1
            appendLocked(me, .lockAcquire(lock: lock.traceName, lockClass: lock.lockClass, depth: lock.depth))
            return
        }
        if let holder = lock.owner {
            appendLocked(me, .lockWait(lock: lock.traceName, lockClass: lock.lockClass, holder: holder))
            me.lockWaitRecorded = true
        }
        me.blocker = .lock(lock)
        pass(me, "lock \(lock.traceName)")
        me.lockWaitRecorded = false
        touch(.lock(lock.id))
        lock.owner = me.id
        lock.depth = 1
        appendLocked(me, .lockAcquire(lock: lock.traceName, lockClass: lock.lockClass, depth: 1))
    }

    func release(_ lock: SimulatedLock) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let me = currentLocked()
        precondition(lock.owner == me.id, "unlock: T\(me.id) does not hold \(lock.traceName)")
        appendLocked(me, .lockRelease(lock: lock.traceName, depth: lock.depth))
        lock.depth -= 1
        if lock.depth == 0 { lock.owner = nil }
        touch(.lock(lock.id))
        pass(me, "unlock \(lock.traceName)")
    }

    func signal(_ semaphore: SimulatedSemaphore) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let me = currentLocked()
        semaphore.count += 1
        touch(.semaphore(semaphore.id))
        appendLocked(me, .semaphoreSignal(name: semaphore.name))
        pass(me, "signal \(semaphore.name)")
    }

    func wait(_ semaphore: SimulatedSemaphore) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let me = currentLocked()
        me.blocker = .semaphore(semaphore)
        pass(me, "wait \(semaphore.name)")
        touch(.semaphore(semaphore.id))
        semaphore.count -= 1
        appendLocked(me, .semaphoreWait(name: semaphore.name))
    }

    func wait(on set: SimulatedPortSet, until deadline: LabInstant?) -> PortSetWaitResult {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let me = currentLocked()
        me.blocker = .ports(set, deadline: deadline)
        pass(me, "wait P\(set.id)")
        touch(.shared)
        return set.firstReadyMember().map { PortSetWaitResult.ready($0.0, $0.1) } ?? .timedOut
    }

    // MARK: The baton

    /// Registers a thread, which will get a pthread when it is first chosen. Mutex held.
    private func makeThread(named name: String, _ body: @escaping @Sendable () -> Void) -> SimulatedThread {
        let record = SimulatedThread(thread: LabThread(id: threads.count, name: name, runtime: self), body: body)
        threads.append(record)
        return record
    }

    /// What wakes `thread` once the mutex is released: the first time, a pooled pthread to
    /// run it (counted in ``live`` now); after that, its baton. Mutex held.
    private func prepareWake(_ thread: SimulatedThread) -> () -> Void {
        guard let body = thread.unstartedBody else { return thread.baton.post }
        thread.unstartedBody = nil
        live += 1
        let cpu = cpu
        let once = ThreadBody(body)
        return { SimulationThreadPool.shared.run(onCPU: cpu) { self.threadMain(thread, once) } }
    }

    private func threadMain(_ record: SimulatedThread, _ body: ThreadBody) {
        CurrentThreadSlot.set(record.thread)
        pthread_mutex_lock(mutex)
        touch(.thread(record.id))
        pthread_mutex_unlock(mutex)
        self.record(.threadStart)
        body.runOnce()
        record.thread.runExitHandlers()
        pthread_mutex_lock(mutex)
        appendLocked(record, .threadExit)
        touch(.thread(record.id))
        record.blocker = .exited
        let wake = choose(after: record, "exit T\(record.id)").map(prepareWake)
        leave(record)
        pthread_mutex_unlock(mutex)
        wake?()
        CurrentThreadSlot.clear()
    }

    /// A scheduling point: `me` (holding the baton and the mutex, with its blocker set)
    /// lets the strategy choose who runs next, hands over the baton, and returns, with the
    /// mutex held, when `me` is chosen again. If the run ends instead, `me` is retired with
    /// `pthread_exit`. `label` is only built when the strategy has a choice to make.
    private func pass(_ me: SimulatedThread, _ label: @autoclosure () -> String) {
        guard let next = choose(after: me, label()) else { retire(me) }
        if next !== me {
            let wake = prepareWake(next)
            pthread_mutex_unlock(mutex)
            wake()
            me.baton.wait()
            pthread_mutex_lock(mutex)
            if outcome != nil { retire(me) }
        }
        me.blocker = .none
    }

    /// Counts a step, lets time jump if nobody can run, and returns the thread to run next;
    /// `nil` when the run is over (the outcome is set and every parked thread woken).
    private func choose(after me: SimulatedThread, _ label: @autoclosure () -> String) -> SimulatedThread? {
        let step = steps
        steps += 1
        if observesTransitions {
            strategy.transitionEnded(Transition(step: transitionStep, thread: me.id, objects: touched, pending: me.pendingObject))
            touched.removeAll(keepingCapacity: true)
        }
        guard step < stepLimit else { return finish(.stepLimitExceeded(steps: stepLimit), leaving: me) }
        collectEnabled()
        while enabled.isEmpty {
            guard let next = threads.compactMap({ $0.deadline }).filter({ $0 > now() }).min() else {
                return finish(stalledOutcome(), leaving: me)
            }
            if let timeLimit, next > timeLimit { return finish(.timeLimitReached(timeLimit), leaving: me) }
            clock.store(next.nanoseconds, ordering: .relaxed)
            appendLocked(me, .clockAdvance)
            collectEnabled()
        }
        let canContinue = enabled.contains(me.id)
        let defaultChoice = canContinue ? me.id : enabled[0]
        var chosen = defaultChoice
        if enabled.count > 1 {
            let point = label()
            chosen = strategy.choose(SchedulingDecision(step: step, enabled: enabled, current: me.id,
                                                        defaultChoice: defaultChoice, label: point))
            guard enabled.contains(chosen) else {
                return finish(.replayDiverged(step: step, wanted: chosen, enabled: enabled), leaving: me)
            }
            appendLocked(me, .schedule(chosen: chosen, enabled: enabled, point: point, step: step))
        }
        if chosen != defaultChoice { switches.append(.init(step: step, thread: chosen, preempted: canContinue)) }
        transitionStep = step
        return threads[chosen]
    }

    /// Fills ``enabled`` with the threads that can run now, ascending. Port sets are polled
    /// once each, however many threads wait on them.
    private func collectEnabled() {
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

    /// Quiescence if every live thread idles on its ports, else a deadlock. A thread
    /// blocked on a lock that was free when it asked (it lost the lock while it waited for
    /// the baton) gets its `lock.wait` event now, so that the trace shows every wait of
    /// the deadlock.
    private func stalledOutcome() -> SimulationOutcome {
        var edges: [WaitForGraph.Edge] = []
        var idle = true
        for thread in threads where !thread.hasExited {
            let target: WaitForGraph.Target
            switch thread.blocker {
            case let .lock(lock):
                if !thread.lockWaitRecorded, let holder = lock.owner {
                    appendLocked(thread, .lockWait(lock: lock.traceName, lockClass: lock.lockClass, holder: holder))
                    thread.lockWaitRecorded = true
                }
                let holder = lock.owner ?? thread.id
                target = .lock(name: lock.traceName, lockClass: lock.lockClass, holder: holder, holderName: threads[holder].thread.name)
            case let .semaphore(semaphore): target = .semaphore(name: semaphore.name)
            case let .join(other): target = .join(thread: other.id, threadName: other.thread.name)
            case .ports, .sleep, .none, .exited: target = .ports
            }
            if target != .ports { idle = false }
            edges.append(.init(thread: thread.id, threadName: thread.thread.name, target: target))
        }
        return idle ? .quiescent : .deadlock(WaitForGraph(edges: edges))
    }

    /// Sets the outcome and wakes every other parked thread so that it retires (a thread
    /// never chosen never had a pthread, and is simply dropped); returns
    /// `nil`, for ``choose(after:_:)`` to pass on.
    private func finish(_ result: SimulationOutcome, leaving me: SimulatedThread) -> SimulatedThread? {
        outcome = result
        for thread in threads where thread !== me && !thread.hasExited && thread.unstartedBody == nil { thread.baton.post() }
        return nil
    }

    /// Counts `thread` out of the run; the last one out lets ``run(main:)`` return.
    private func leave(_ thread: SimulatedThread) {
        live -= 1
        if live == 0, outcome != nil { pthread_cond_signal(ended) }
    }

    /// Ends a thread that will never be chosen again because the run is over.
    private func retire(_ me: SimulatedThread) -> Never {
        leave(me)
        pthread_mutex_unlock(mutex)
        pthread_exit(nil)
    }

    private func currentLocked() -> SimulatedThread {
        let thread = LabThread.current
        precondition(thread.runtime === self, "\(thread) is not a thread of this simulation; lab objects must be used from the lab threads of their own runtime")
        return threads[thread.id]
    }

    /// Notes that the running transition touched `object`, when the strategy observes
    /// transitions. Mutex held.
    private func touch(_ object: VisibleObject) {
        if observesTransitions { touched.append(object) }
    }

    private func appendLocked(_ thread: SimulatedThread, _ kind: @autoclosure () -> TraceEvent.Kind) {
        if trace.isEnabled { trace.append(thread: thread.thread, time: now(), kind: kind()) }
    }
}

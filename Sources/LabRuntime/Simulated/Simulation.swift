import CSystem
import Glibc
import Synchronization

/// The deterministic runtime: every lab thread is a fiber (a user-space context with a stack
/// of its own) on the thread that called ``run(main:)``; one runs at a time, and at each
/// scheduling point a ``SchedulingStrategy`` chooses which goes next.
///
/// Scheduling points are lock acquire and release, semaphore signal and wait, thread
/// start, join and exit, port-set waits (a run loop about to sleep), port signals, socket
/// I/O and cell accesses (through ``schedulingPoint(before:_:)``), and ``yield(_:)``.
/// Every point but a thread's exit comes before the operation it describes (see
/// ``VisibleOperation``), and each decision lists the next operation of every runnable
/// thread. Time is virtual: when no thread can run, the clock jumps to the next deadline.
/// When nothing can ever run again, the run is over: ``SimulationOutcome/quiescent`` if
/// every live thread is idle in its run loop, otherwise ``SimulationOutcome/deadlock(_:)``
/// with the wait-for graph.
///
/// Handing the baton from one lab thread to another is a fiber switch (CSystem's
/// `csystem_fiber_switch`: callee-saved registers and the stack pointer, no system call),
/// and with it the pthread's notion of the current ``LabThread``, its `errno` and the
/// Swift exclusivity checker's accesses move to the fiber that runs next. A lab thread gets
/// its stack (`FiberStackPool`) when it is first chosen; the stack has a guard below it,
/// and running into the guard stops the process with a message naming the lab thread.
/// When the run is over, the fiber that found it over switches back to the caller of
/// ``run(main:)``. Then every thread idle in a port-set wait with no deadline (a run loop
/// asleep, like the network thread's) is resumed once more, with
/// ``PortSetWaitResult/runOver``: its run loop leaves every run it is in, its body returns,
/// and its frames release what they hold, with no scheduling and no trace. A thread stopped anywhere else (on a lock of a deadlock, at
/// the step limit, in a wait whose deadline the time limit cut short) would do more of the
/// program's work if resumed, so it is left as it is, and what its frames hold is not
/// released. Then the stacks go back to the pool and every descriptor created during the
/// run is closed (or, for an eventfd, reset and kept for the next run: `EventFDPool`; for a
/// socket pair still in user space, kept as it was made: `SocketPairPool`), so
/// thousands of runs can follow each other in one process.
/// Simulations are independent: each lab thread finds its runtime thread-locally, so tests
/// may run simulations in parallel on different pthreads.
///
/// Swift's task-local values are not switched: a lab thread must not bind one
/// (`TaskLocal.withValue`) around a scheduling point. The lab binds none.
public final class Simulation: Runtime, @unchecked Sendable {
    // @unchecked: every mutable stored property below is read and written only with
    // `mutex` held. A fiber switch happens with `mutex` held: the fiber that resumes
    // returns from its own switch holding it.
    // `@exclusivity(unchecked)`: that also makes every access exclusive (no access spans a
    // switch), and the dynamic check would cost a thread-local lookup per access.
    public let trace: TraceRecorder
    public let locals = RuntimeLocals()
    public var flavor: RuntimeFlavor { .simulated }

    private let stepLimit: Int
    private let timeLimit: LabInstant?
    /// The mutex: whether a fiber of the run, or a pthread outside it, holds it. Taken and
    /// given back only through ``lockMutex()`` and ``unlockMutex()``.
    let mutexHeld = Atomic<Bool>(false)
    /// The context of the caller of ``run(main:)``, resumed when the run is over.
    let caller: UnsafeMutablePointer<csystem_fiber> = .allocate(capacity: 1)
    /// The caller's current-thread slot, put back when the run is over.
    @exclusivity(unchecked) var callerThreadSlot: UnsafeMutableRawPointer?
    /// Stacks of threads that exited during the run, for the run's next new threads.
    @exclusivity(unchecked) private var exitedStacks: [FiberStack] = []
    private let clock = Atomic<Int64>(0)
    private let counters = ObjectIDCounters()
    private let descriptors: Mutex<[LabFileDescriptor]>
    @exclusivity(unchecked) private var strategy: any SchedulingStrategy
    /// The strategy, when it is a ``RandomStrategy``, which then makes every choice in its
    /// place: it draws from ``enabled`` directly, so a choice makes no ``SchedulingDecision``
    /// (which would share two lists and a label, and be destroyed, at every choice).
    @exclusivity(unchecked) var random: RandomStrategy?
    @exclusivity(unchecked) var threads: [SimulatedThread]
    @exclusivity(unchecked) private var steps = 0
    @exclusivity(unchecked) private var switches: [Schedule.Switch]
    @exclusivity(unchecked) private var outcome: SimulationOutcome?
    @exclusivity(unchecked) private var hasRun = false
    /// Whether the run is over and its idle threads are unwinding (see ``unwindIdleThreads()``).
    @exclusivity(unchecked) var isOver = false
    /// Scheduling points the unwinding thread has passed, against ``unwindStepLimit``.
    @exclusivity(unchecked) var unwindSteps = 0
    /// Scheduling points an unwinding thread may pass before it is left where it is: its
    /// unwinding has turned into more work.
    private static let unwindStepLimit = 10_000
    /// The threads that can run, kept up to date as they block and wake
    /// (`Simulation+EnabledThreads.swift`).
    @exclusivity(unchecked) var runnable = ThreadSet()
    /// The threads that went in or out of ``runnable`` since ``enabled`` last followed it.
    @exclusivity(unchecked) var changedThreads: [LabThreadID] = []
    /// The threads waiting on a port set or sleeping, looked at again at every point where
    /// time or a descriptor may have moved.
    @exclusivity(unchecked) var timedWaiters = WaitingThreads()
    /// The calls counted on the run's descriptors and the changes of its port sets' members.
    let descriptorActivity = DescriptorActivity.Total()
    /// The time and the ``descriptorActivity`` when ``timedWaiters`` were last all looked
    /// at, or `nil` before the first look.
    @exclusivity(unchecked) var timedWaitersLookedAt: (time: LabInstant, activity: Int)?
    /// Whether every answer of the last look at a timed waiter lasts until time or
    /// ``descriptorActivity`` moves (see ``SimulatedPortSet/isReadyAndWhetherItLasts()``).
    @exclusivity(unchecked) var timedAnswersLast = false
    /// The runnable threads, ascending; a decision and its trace event share it until it
    /// changes.
    @exclusivity(unchecked) var enabled: [LabThreadID] = []
    /// The next operations of the threads of ``enabled``, in the same order; empty unless
    /// ``keepsNextOperations``.
    @exclusivity(unchecked) var nextOperations: [VisibleOperation] = []
    /// Whether the strategy is told each transition's objects.
    private let observesTransitions: Bool
    /// Whether the strategy reads a decision's label (``SchedulingStrategy/readsPointLabels``);
    /// if not, a decision carries it only when the `schedule` trace event will show it.
    private let strategyReadsLabels: Bool
    /// The objects the running transition has touched so far (when observed).
    @exclusivity(unchecked) private var touched: [VisibleObject] = []
    /// The scheduling point where the running transition's thread was chosen.
    @exclusivity(unchecked) private var transitionStep = -1

    /// A simulation that chooses with `strategy`. It gives up after `stepLimit` scheduling
    /// points (a livelock) or when virtual time would pass `timeLimit`.
    public init(
        strategy: some SchedulingStrategy, stepLimit: Int = 1_000_000,
        timeLimit: Duration? = nil, tracing: Bool = true
    ) {
        self.strategy = strategy
        random = strategy as? RandomStrategy
        observesTransitions = strategy.observesTransitions
        strategyReadsLabels = strategy.readsPointLabels
        self.stepLimit = stepLimit
        self.timeLimit = timeLimit.map { .zero + $0 }
        trace = TraceRecorder(enabled: tracing)
        caller.initialize(to: csystem_fiber())
        switches = Simulation.switchRoom.reserved()
        threads = Simulation.threadRoom.reserved()
        enabled = Simulation.threadRoom.reserved()
        descriptors = Mutex(Simulation.descriptorRoom.reserved())
    }

    deinit {
        caller.deinitialize(count: 1)
        caller.deallocate()
    }

    /// Runs `main` on a lab thread named "main" (T0) and everything it starts, until the
    /// run ends; returns how it ended, the schedule and the trace. A simulation runs once.
    public func run(main: @escaping @Sendable () -> Void) -> SimulationResult {
        lockMutex()
        precondition(!hasRun, "a Simulation runs once; make a new one for another run")
        hasRun = true
        csystem_fiber_install_overflow_handler()
        let first = makeThread(named: "main", main)
        callerThreadSlot = CurrentThreadSlot.exchangeBorrowed(first.thread)
        csystem_fiber_switch(caller, fiberOf(first))
        let events = trace.finish()
        unwindIdleThreads()
        var stacks = exitedStacks
        exitedStacks = []
        for thread in threads { if let stack = thread.stack { stacks.append(stack) } }
        // Each LabThread holds its runtime: the records go, so that the simulation and its
        // threads do not keep each other alive. They are released outside the mutex.
        let finished = threads
        threads = []
        Simulation.switchRoom.remember(switches.count)
        Simulation.threadRoom.remember(finished.count)
        unlockMutex()
        FiberStackPool.giveBack(stacks)
        let opened = descriptors.withLock { $0 }
        Simulation.descriptorRoom.remember(opened.count)
        for descriptor in opened { descriptor.close() }
        locals.removeAll()
        for record in finished { record.thread.releaseRunLoop() }
        return SimulationResult(
            outcome: outcome!, schedule: Schedule(switches: switches),
            trace: events, steps: steps, endTime: now())
    }

    /// Runs `main` under `random(seed)`.
    public static func run(
        seed: UInt64, stepLimit: Int = 1_000_000, timeLimit: Duration? = nil,
        main: @escaping @Sendable () -> Void
    ) -> SimulationResult {
        Simulation(strategy: RandomStrategy(seed: seed), stepLimit: stepLimit, timeLimit: timeLimit).run(main: main)
    }

    /// Runs `main` under `replay(schedule)`.
    public static func replay(
        _ schedule: Schedule, stepLimit: Int = 1_000_000, timeLimit: Duration? = nil,
        main: @escaping @Sendable () -> Void
    ) -> SimulationResult {
        Simulation(strategy: ReplayStrategy(schedule), stepLimit: stepLimit, timeLimit: timeLimit).run(main: main)
    }

    // MARK: Runtime

    public var mainThread: LabThread? {
        lockMutex()
        defer { unlockMutex() }
        return threads.first?.thread
    }

    public func now() -> LabInstant { LabInstant(nanoseconds: clock.load(ordering: .relaxed)) }

    /// Appends an event by the current lab thread to ``trace``, reached directly rather than
    /// through the ``Runtime`` protocol, so that recording retains nothing.
    public func record(_ kind: @autoclosure () -> TraceEvent.Kind, at location: CodeLocation) {
        if trace.isEnabled { trace.appendByCurrentThread(time: now(), kind: kind(), location: location) }
    }

    public var observesAccesses: Bool { observesTransitions }

    public func noteAccess(_ object: VisibleObject) {
        guard observesTransitions else { return }
        lockMutex()
        defer { unlockMutex() }
        guard !isOver, CurrentThreadSlot.withCurrentIfKnown({ $0.runtime === self }) == true else { return }
        touched.append(object)
    }

    public func nextID(_ kind: LabObjectKind) -> Int {
        counters.next(kind)
    }

    /// Ends the run with ``SimulationOutcome/systemCallFailed(_:)`` from the calling lab
    /// thread, which is left where it is (its frames are never resumed); while the run's
    /// threads unwind, only the calling thread stops. Off the run's threads the process ends
    /// (``SystemCallError/exitProcess()``).
    public func fail(_ error: SystemCallError) -> Never {
        lockMutex()
        guard let thread = CurrentThreadSlot.get(), thread.runtime === self, thread.id < threads.count,
            threads[thread.id].stack != nil
        else {
            unlockMutex()
            error.exitProcess()
        }
        let me = threads[thread.id]
        if !isOver { outcome = .systemCallFailed(error) }
        switchToCaller(from: me)
        preconditionFailure("\(me.thread) was resumed after a failed system call ended its run")
    }

    public func adopt(_ descriptor: LabFileDescriptor) {
        descriptors.withLock { $0.append(descriptor) }
    }

    public func spawnThread(named name: String, _ body: @escaping @Sendable () -> Void) -> LabThread {
        lockMutex()
        defer { unlockMutex() }
        let me = currentLocked()
        pass(me, VisibleOperation(.spawn), SchedulingPointLabel("spawn", on: name))
        let child = makeThread(named: name, body)
        appendLocked(me, .threadSpawn(child: child.id, name: name))
        touch(.thread(child.id))
        return child.thread
    }

    public func join(_ thread: LabThread) {
        lockMutex()
        defer { unlockMutex() }
        let me = currentLocked()
        precondition(thread.runtime === self && thread.id < threads.count, "join: \(thread) belongs to another runtime")
        precondition(thread.id != me.id, "join: \(thread) cannot join itself")
        let target = threads[thread.id]
        if !target.hasExited { block(me, on: .join(Unretained(target))) }
        pass(me, VisibleOperation(.join, on: LabObjectID(.thread, thread.id)), "join T\(thread.id)")
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
        lockMutex()
        defer { unlockMutex() }
        let me = currentLocked()
        appendLocked(me, .yield(label: label))
        pass(me, .yield, SchedulingPointLabel(label))
    }

    public func schedulingPoint(before operation: VisibleOperation, _ label: @autoclosure () -> SchedulingPointLabel) {
        lockMutex()
        defer { unlockMutex() }
        withCurrentLocked { pass($0, operation, label()) }
    }

    public func sleep(until deadline: LabInstant) {
        lockMutex()
        defer { unlockMutex() }
        let me = currentLocked()
        block(me, on: .sleep(until: deadline))
        pass(me, VisibleOperation(.sleep), "sleep until \(deadline)")
    }

    // MARK: The baton

    /// Registers a thread, which will get a pthread when it is first chosen. Mutex held.
    private func makeThread(named name: String, _ body: @escaping @Sendable () -> Void) -> SimulatedThread {
        let record = SimulatedThread(thread: LabThread(id: threads.count, name: name, runtime: self), body: body)
        threads.append(record)
        noteNewThread(record)
        return record
    }

    /// The fiber `thread` runs on; on its first turn, a stack prepared to run its body.
    /// Mutex held.
    private func fiberOf(_ thread: SimulatedThread) -> UnsafeMutablePointer<csystem_fiber> {
        if let stack = thread.stack { return stack.fiber }
        let stack = exitedStacks.popLast() ?? FiberStackPool.take()
        stack.prepare(
            thread: thread.id, named: thread.thread.name, entry: Simulation.fiberEntry,
            argument: Unmanaged.passUnretained(thread).toOpaque())
        thread.stack = stack
        return stack.fiber
    }

    /// Where a lab thread's fiber starts, with the mutex held by the fiber that switched to
    /// it; `argument` is its ``SimulatedThread``, kept alive by the simulation's `threads`.
    /// The final switch is made from this frame, which holds no reference: a frame that is
    /// never resumed never releases what it holds.
    private static let fiberEntry: @convention(c) (UnsafeMutableRawPointer?) -> Void = { argument in
        let (from, to) = live(argument!)
        csystem_fiber_switch(from, to)
        preconditionFailure("a simulated lab thread was resumed after it exited")
    }

    /// A lab thread's life on its fiber: its body, its exit handlers and its exit. Returns
    /// the switch away for good: from its fiber to the next thread's, or to the caller of
    /// ``run(main:)`` when the run is over; the mutex stays held for the fiber resumed.
    private static func live(
        _ argument: UnsafeMutableRawPointer
    ) -> (UnsafeMutablePointer<csystem_fiber>, UnsafeMutablePointer<csystem_fiber>) {
        let record = Unmanaged<SimulatedThread>.fromOpaque(argument).takeUnretainedValue()
        let simulation = unsafeDowncast(record.thread.runtime as AnyObject, to: Simulation.self)
        return simulation.runToExit(record)
    }

    /// Runs `record`'s body and exit handlers, traces its exit and chooses the fiber to
    /// switch to. The body is released before the exit is traced, so that whatever it
    /// captured is deinitialised at a fixed point of the schedule.
    private func runToExit(_ record: SimulatedThread) -> (UnsafeMutablePointer<csystem_fiber>, UnsafeMutablePointer<csystem_fiber>) {
        touch(.thread(record.id))
        unlockMutex()
        runBody(of: record)
        lockMutex()
        appendLocked(record, .threadExit)
        touch(.thread(record.id))
        markExited(record)
        let stack = record.stack!
        if isOver { return (stack.fiber, caller) }
        guard let next = choose(after: record, "exit T\(record.id)") else {
            CurrentThreadSlot.restore(callerThreadSlot)
            return (stack.fiber, caller)
        }
        let nextFiber = next._withUnsafeGuaranteedRef { next in
            CurrentThreadSlot.exchangeBorrowed(next.thread)
            return fiberOf(next)
        }
        record.stack = nil
        exitedStacks.append(stack)
        return (stack.fiber, nextFiber)
    }

    /// Runs a thread's body and its exit handlers. The body is released when this returns
    /// (``fiberMain(_:)`` never returns, so nothing it holds would ever be released).
    private func runBody(of record: SimulatedThread) {
        let body = record.unstartedBody!
        record.unstartedBody = nil
        self.record(.threadStart)
        body()
        record.thread.runExitHandlers()
    }

    /// A scheduling point before `operation`: `me` (holding the baton and the mutex, with
    /// its blocker set) lets the strategy choose who runs next, switches to it, and returns,
    /// with the mutex held, when `me` is chosen again (to perform `operation`). If the run
    /// ends instead, `me` switches back to the caller of ``run(main:)`` and is never
    /// resumed unless it unwinds (``unwindIdleThreads()``). `label` is only built when the
    /// strategy has a choice to make. Once the run is over, `me` is the unwinding thread:
    /// it goes on if it can without anyone else running, and is left where it is if not.
    func pass(_ me: SimulatedThread, _ operation: VisibleOperation, _ label: @autoclosure () -> SchedulingPointLabel) {
        me.nextOperation = operation
        if isOver {
            unwindSteps += 1
            guard unwindSteps <= Simulation.unwindStepLimit, canGoOnUnwinding(me) else {
                switchToCaller(from: me)
                preconditionFailure("\(me.thread) was resumed after it was left where it stopped")
            }
        } else if let next = choose(after: me, label()) {
            if next.toOpaque() != Unmanaged.passUnretained(me).toOpaque() {
                next._withUnsafeGuaranteedRef { next in
                    let nextFiber = fiberOf(next)
                    CurrentThreadSlot.exchangeBorrowed(next.thread)
                    csystem_fiber_switch(me.stack!.fiber, nextFiber)
                }
            }
        } else {
            switchToCaller(from: me)
        }
        unblock(me)
        if observesTransitions, let object = VisibleObject(touchedBy: operation) { touched.append(object) }
    }

    /// Counts a step, lets time jump if nobody can run, and returns the thread to run next,
    /// unretained (``threads`` keeps it); `nil` when the run is over (the outcome is set and
    /// every parked thread woken).
    private func choose(
        after me: SimulatedThread, _ label: @autoclosure () -> SchedulingPointLabel
    ) -> Unmanaged<SimulatedThread>? {
        let step = steps
        steps += 1
        if observesTransitions {
            strategy.transitionEnded(Transition(step: transitionStep, thread: me.id, objects: touched, pending: pendingObjects(of: me)))
            touched.removeAll(keepingCapacity: true)
        }
        guard step < stepLimit else { return finish(.stepLimitExceeded(steps: stepLimit)) }
        updateEnabled(at: me)
        while enabled.isEmpty {
            guard let next = nextDeadline() else { return finish(stalledOutcome()) }
            if let timeLimit, next > timeLimit { return finish(.timeLimitReached(timeLimit)) }
            clock.store(next.nanoseconds, ordering: .relaxed)
            appendLocked(me, .clockAdvance)
            refreshTimedWaiters()
        }
        let canContinue = runnable.contains(me.id)
        let defaultChoice = canContinue ? me.id : enabled[0]
        var chosen = defaultChoice
        if enabled.count > 1, random != nil {
            // One of `enabled`, so runnable.
            chosen = random!.choose(from: enabled)
            if trace.isEnabled {
                appendLocked(me, made: .schedule(chosen: chosen, enabled: enabled, point: label(), step: step))
            }
        } else if enabled.count > 1 {
            var decision = SchedulingDecision(
                step: step, enabled: enabled, current: me.id, defaultChoice: defaultChoice,
                label: strategyReadsLabels || trace.isEnabled ? label() : SchedulingPointLabel(""),
                nextOperations: nextOperations)
            chosen = strategy.choose(decision)
            guard runnable.contains(chosen) else {
                return finish(.replayDiverged(step: step, wanted: chosen, enabled: enabled))
            }
            if trace.isEnabled {
                // The event takes the decision's list and label, which are not used after it.
                let (list, point) = decision.takeListAndLabel()
                appendLocked(me, made: .schedule(chosen: chosen, enabled: list, point: point, step: step))
            }
        }
        if chosen != defaultChoice { switches.append(.init(step: step, thread: chosen, preempted: canContinue)) }
        transitionStep = step
        return Unmanaged.passUnretained(threads[chosen])
    }

    /// Sets the outcome and returns `nil`, for ``choose(after:_:)`` to pass on.
    private func finish(_ result: SimulationOutcome) -> Unmanaged<SimulatedThread>? {
        outcome = result
        return nil
    }

    /// The objects `thread`'s next operation will touch first: a port-set wait's set and its
    /// members' channels, or the object of its operation; none once it has exited.
    private func pendingObjects(of thread: SimulatedThread) -> [VisibleObject] {
        switch thread.blocker {
        case .exited: return []
        case let .ports(set, _): return [.portSet(set.object.id)] + set.object.memberChannels()
        default: return VisibleObject(touchedBy: thread.nextOperation).map { [$0] } ?? []
        }
    }

    /// Notes that the running transition touched `object`, when the strategy observes
    /// transitions. Mutex held.
    func touch(_ object: VisibleObject) {
        if observesTransitions { touched.append(object) }
    }

    /// Notes that the running transition touches every one of `objects`, which are listed
    /// only when transitions are observed. Mutex held.
    func touch(all objects: @autoclosure () -> [VisibleObject]) {
        if observesTransitions { touched += objects() }
    }
}

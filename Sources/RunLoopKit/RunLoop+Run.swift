import LabRuntime
import Synchronization

extension RunLoop {
    /// Runs the loop in `mode` until `deadline`, a stop, an empty mode, or (with
    /// `returnAfterSourceHandled`) the first source handled: `CFRunLoopRunInMode`.
    ///
    /// Only the owning thread may run its loop. A mode that does not exist or holds no
    /// sources, timers or matching blocks returns ``RunLoopResult/finished`` at once, with
    /// no Entry or Exit observers: that is why a thread needs a keep-alive port. On the main
    /// thread the main queue is a source of the loop's common modes from the start, outside
    /// its own blocks (``MainDispatchQueue``), so the default mode there is not empty. Runs
    /// nest; each has its own stop flag, and the outer mode is current again afterwards.
    ///
    /// As Foundation's `run(mode:before:)` hands CF seconds rather than a date, the time left
    /// until `deadline` at the call is the run's timeout, and it counts from after the Entry
    /// observers, where `__CFRunLoopRun` starts its clock: a run called with no time left
    /// polls once, and one with more than ``RunLoopTimer/intervalLimit`` left runs forever.
    ///
    /// Live, a loop whose wake port or whose port set for `mode` could not be made (no
    /// descriptor left) throws ``RunLoopError/systemCallFailed(_:)`` instead of running.
    ///
    /// When the simulation the loop runs under ends while the loop sleeps with no deadline,
    /// the run throws ``RunLoopError/runOver`` with no further callout, and so does every
    /// later run of the loop, so that its thread unwinds and releases what it holds.
    public func run(
        mode: RunLoopMode = .default, before deadline: LabInstant = .distantFuture,
        returnAfterSourceHandled: Bool = false
    ) throws(RunLoopError) -> RunLoopResult {
        guard thread.isCurrent else {
            throw .notOwningThread(loopThread: thread.description, caller: LabThread.current.description)
        }
        guard mode != .common else { throw .cannotRunCommonModes }
        let calledAt = runtime.now()
        let timeout = deadline > calledAt ? deadline - calledAt : .zero
        let entered = try state.withLock { state throws(RunLoopError) -> Bool in
            guard !state.isRunOver else { throw .runOver }
            if let error = missingDescriptor(for: mode, in: state) { throw .systemCallFailed(error) }
            guard !state.isTornDown, !isEmpty(mode, in: state) else { return false }
            state.activations.append(Activation(mode: mode))
            inbox.withLock { $0.acceptsWakeUps.append(true) }
            return true
        }
        guard entered else {
            record(.loopExit(mode: mode.name, result: "finished (mode is empty)"))
            return .finished
        }
        record(.loopEntry(mode: mode.name))
        notifyObservers(.entry, in: mode)
        let result: RunLoopResult
        do {
            result = try iterate(mode: mode, timeout: timeout, returnAfterSourceHandled: returnAfterSourceHandled)
        } catch {
            endActivation(runIsOver: true)
            throw error
        }
        notifyObservers(.exit, in: mode)
        record(.loopExit(mode: mode.name, result: result.description))
        endActivation(runIsOver: false)
        return result
    }

    /// Why the loop cannot wait in `mode`: the creation error of its wake port, of the mode's
    /// port set or of the main queue's port (live, no descriptor left), or `nil`.
    func missingDescriptor(for mode: RunLoopMode, in state: LoopState) -> SystemCallError? {
        wakePort.descriptor.creationError
            ?? state.index(of: mode).flatMap { state.modes[$0].portSet.creationError }
            ?? state.mainQueue?.port.descriptor.creationError
    }

    /// Pops the innermost activation; after a run-over wait, every later run throws.
    private func endActivation(runIsOver: Bool) {
        state.withLock { state in
            state.activations.removeLast()
            if runIsOver { state.isRunOver = true }
            inbox.withLock { $0.acceptsWakeUps.removeLast() }
        }
    }

    /// Runs `mode` for at most `timeout`, counted from after the Entry observers (`CFRunLoopRunInMode`).
    public func run(
        mode: RunLoopMode = .default, for timeout: Duration,
        returnAfterSourceHandled: Bool = false
    ) throws(RunLoopError) -> RunLoopResult {
        try run(mode: mode, before: runtime.now() + timeout, returnAfterSourceHandled: returnAfterSourceHandled)
    }

    /// Runs the default mode until it is stopped or finished (`CFRunLoopRun`). With a
    /// keep-alive port and no stop, this never returns, like AFNetworking's network thread
    /// (under a simulation, it throws ``RunLoopError/runOver`` once the run has ended).
    public func run() throws(RunLoopError) {
        while true {
            let result = try run(mode: .default)
            if result == .stopped || result == .finished { return }
        }
    }

    /// One activation's iterations: `__CFRunLoopRun`, in CF's step order (spec §1.3), for
    /// at most `timeout` from now.
    private func iterate(
        mode: RunLoopMode, timeout: Duration, returnAfterSourceHandled: Bool
    ) throws(RunLoopError) -> RunLoopResult {
        let pollOnly = timeout <= .zero
        // Above CF's TIMER_INTERVAL_LIMIT a timeout means forever.
        let deadline = timeout > RunLoopTimer.intervalLimit ? .distantFuture : runtime.now() + timeout
        if takeStop() { return .stopped }
        // Live, on a thread that chose to hold them, the wake-ups the passes send are written
        // once, when the loop is about to block in its port set's wait or has made
        // `HeldWakeUps.passLimit` passes.
        let holdsWakeUps = thread.holdWakeUps()
        defer { if holdsWakeUps { thread.stopHoldingWakeUps() } }
        // Whether the run serves the main queue is decided once per activation, as CF fetches
        // the dispatch port (spec §1.2). CF's queue exists from launch; the lab's object is made
        // when first asked for, so a run that serves it and started before looks for it on
        // each pass (the getter wakes the run).
        let (servesMainQueue, madeQueue) = state.withLock { state in (state.servesMainQueue(in: mode), state.mainQueue) }
        var mainQueue = servesMainQueue ? madeQueue : nil
        let mayGainMainQueue = servesMainQueue && mainQueue == nil
        var didServeMainQueueLastTime = true
        // A new activation starts with wake-ups enabled; `endPass` re-enables them (step a)
        // for every later pass.
        while true {
            notifyObservers(.beforeTimers, in: mode)
            notifyObservers(.beforeSources, in: mode)
            runBlocks(in: mode)
            var handledSource = performSources0(in: mode, stopAfterOne: returnAfterSourceHandled)
            if handledSource { runBlocks(in: mode) }
            let poll = handledSource || pollOnly
            if mayGainMainQueue, mainQueue == nil { mainQueue = state.withLock { $0.mainQueue } }
            // Step h: a signalled main queue is served at once, without sleeping, but not on
            // two passes in a row, so a flood of main-queue blocks cannot starve the rest.
            let peeked = mainQueue.map { !didServeMainQueueLastTime && $0.isSignalled } ?? false
            didServeMainQueueLastTime = false
            var woke = PortSetWaitResult.timedOut
            var nextTimer: LabInstant?
            var drainsWakePort = true
            if let mainQueue, peeked {
                woke = .ready(mainQueue.port.descriptor, .readable)
            } else {
                if !poll { notifyObservers(.beforeWaiting, in: mode) }
                (woke, drainsWakePort, nextTimer) = try sleep(
                    in: mode, until: poll ? runtime.now() : deadline, sleeping: !poll, mainQueue: mainQueue)
            }
            markAwake()
            if !poll, !peeked { notifyObservers(.afterWaiting, in: mode) }
            switch woke {
            case let .ready(descriptor, _) where descriptor === wakePort.descriptor:
                record(.loopWake(mode: mode.name, cause: "wake-up"))
                if drainsWakePort { _ = wakePort.drain() }
                wakePending.store(false, ordering: .releasing)
            case let .ready(descriptor, _) where descriptor === mainQueue?.port.descriptor:
                record(.loopWake(mode: mode.name, cause: "main queue"))
                serve(mainQueue, in: mode)
                handledSource = true
                didServeMainQueueLastTime = true
            case let .ready(descriptor, readiness):
                if let source = portSource(on: descriptor, readiness: readiness, in: mode) {
                    record(.loopWake(mode: mode.name, cause: source.name))
                    let messages = source.drainMessages()
                    record(.portPerform(name: source.name, mode: mode.name, messages: messages))
                    source.perform(messages: messages)
                    handledSource = true
                }
            case .timedOut:
                if let nextTimer, nextTimer <= runtime.now() {
                    record(.loopWake(mode: mode.name, cause: "timer"))
                    fireTimers(in: mode)
                } else if !poll {
                    record(.loopWake(mode: mode.name, cause: "timeout"))
                }
            case .runOver:
                preconditionFailure("sleep(in:until:sleeping:timerDue:) throws a run-over wait")
            }
            runBlocks(in: mode)
            if handledSource, returnAfterSourceHandled { return .handledSource }
            if runtime.now() >= deadline { return .timedOut }
            if let result = endPass(in: mode) { return result }
            thread.notePassWithHeldWakeUps()
        }
    }

    /// Runs the main queue's blocks (`__CFRUNLOOP_IS_SERVICING_THE_MAIN_DISPATCH_QUEUE__`),
    /// marked as serving it so that runs nested in them leave it alone.
    private func serve(_ mainQueue: MainDispatchQueue?, in mode: RunLoopMode) {
        guard let mainQueue else { return }
        state.withLock { $0.isServingMainQueue = true }
        mainQueue.serve(in: mode)
        state.withLock { $0.isServingMainQueue = false }
    }

    /// Waits on the mode's port set until `deadline` or, when `sleeping`, the mode's next timer
    /// (a timer already due counts as its timer port firing), with the main queue's port in
    /// it for this wait only (spec §1.3 step j); also says whether the mode's set needs its
    /// wake port drained after reporting it, and when the next timer is due. The timers are
    /// read with the loop marked waiting, after BeforeWaiting, so that a timer its observers
    /// add or move is armed for this sleep, as CF's timerfd would be (spec §3.4), and one
    /// another thread adds later re-arms the wait (``rearmTimers()``). Throws
    /// ``RunLoopError/runOver`` when the simulation ended during the wait.
    private func sleep(
        in mode: RunLoopMode, until deadline: LabInstant, sleeping: Bool, mainQueue: MainDispatchQueue?
    ) throws(RunLoopError) -> (woke: PortSetWaitResult, drainsWakePort: Bool, nextTimer: LabInstant?) {
        let contents = state.withLock { state -> (portSet: any PortSet, drainsWakePort: Bool, nextTimer: LabInstant?)? in
            state.isWaiting = sleeping
            // Not through `index(of:).map`, whose closure would copy the whole state.
            guard let index = state.index(of: mode) else { return nil }
            return (state.modes[index].portSet, state.modes[index].drainsWakePort, state.nextTimerDueDate(inModeAt: index))
        }
        var nextTimer = contents?.nextTimer
        var wakeDeadline = sleeping ? min(deadline, nextTimer ?? deadline) : deadline
        if sleeping { recordWait(in: mode, until: wakeDeadline) }
        guard let contents, !isDue(nextTimer) else { return (.timedOut, true, nextTimer) }
        let portSet = contents.portSet
        let mainQueuePort = mainQueue?.port.descriptor
        let joined = mainQueuePort.map { port in (try? portSet.insert(port)) != nil } ?? false
        defer { if joined, let mainQueuePort { portSet.remove(mainQueuePort) } }
        var woke = waitForPort(portSet, until: wakeDeadline)
        // The wake port ready with no wake-up pending: a timer added by another thread, or
        // (in a mode that does not drain it) an edge whose wake-up another mode's wait took.
        while case let .ready(descriptor, _) = woke, descriptor === wakePort.descriptor,
            !wakePending.load(ordering: .acquiring)
        {
            let rearmed = state.withLock { state -> LabInstant?? in
                guard state.timersMovedWhileWaiting, let index = state.index(of: mode) else { return nil }
                state.timersMovedWhileWaiting = false
                return .some(state.nextTimerDueDate(inModeAt: index))
            }
            if let rearmed {
                if contents.drainsWakePort { _ = wakePort.drain() }
                nextTimer = rearmed
                let rearmedDeadline = min(deadline, nextTimer ?? deadline)
                if rearmedDeadline != wakeDeadline { recordWait(in: mode, until: rearmedDeadline) }
                wakeDeadline = rearmedDeadline
                if isDue(nextTimer) { return (.timedOut, contents.drainsWakePort, nextTimer) }
            } else if contents.drainsWakePort {
                break
            }
            woke = waitForPort(portSet, until: wakeDeadline)
        }
        if woke == .runOver { throw .runOver }
        return (woke, contents.drainsWakePort, nextTimer)
    }

    /// Whether a timer due at `date` is due now.
    private func isDue(_ date: LabInstant?) -> Bool { date.map { $0 <= runtime.now() } ?? false }

    /// Traces that the loop blocks in `mode` until `deadline`.
    private func recordWait(in mode: RunLoopMode, until deadline: LabInstant) {
        record(.loopWait(mode: mode.name, deadline: deadline == .distantFuture ? nil : deadline))
    }

    /// Waits on `portSet` until `wakeDeadline`. Live, the loop first says it blocks
    /// (``blocksOnPorts``), then looks for a wake-up sent while it was busy, which wrote
    /// nothing: with one pending, it only polls the ports, and a poll that finds none ready
    /// is woken by that wake-up at once, as if its edge had been waiting in the set.
    private func waitForPort(_ portSet: any PortSet, until wakeDeadline: LabInstant) -> PortSetWaitResult {
        let deadline = wakeDeadline == .distantFuture ? nil : wakeDeadline
        guard isLive else { return portSet.wait(until: deadline) }
        blocksOnPorts.store(true, ordering: .sequentiallyConsistent)
        defer { blocksOnPorts.store(false, ordering: .releasing) }
        guard wakePending.load(ordering: .sequentiallyConsistent) else { return portSet.wait(until: deadline) }
        let polled = portSet.wait(until: .zero)
        return polled == .timedOut ? .ready(wakePort.descriptor, .readable) : polled
    }

    /// Step k: the loop is awake and will look at all its work before it sleeps again, so
    /// wake-ups are ignored until the next pass begins.
    private func markAwake() {
        state.withLock { state in
            state.isWaiting = false
            inbox.withLock { $0.setAcceptsWakeUps(false) }
        }
    }

    /// Clears and reports the innermost activation's stop flag.
    private func takeStop() -> Bool {
        state.withLock { state in state.activations.updateLast { $0.takeStop() } ?? false }
    }

    /// The end of step n (stop, then an empty mode) and, when the run goes on, step a of the
    /// next pass (wake-ups enabled again), under one lock as CF holds its loop lock across
    /// them. A ``stop()`` from another thread is then either seen here or finds wake-ups
    /// enabled and ends the next sleep; it cannot fall between the two and be lost.
    private func endPass(in mode: RunLoopMode) -> RunLoopResult? {
        state.withLock { state in
            guard let stopped = state.activations.updateLast({ $0.takeStop() }) else { return .finished }
            if stopped { return .stopped }
            let emptiness = state.emptiness(of: mode)
            return inbox.withLock { inbox in
                if emptiness.holds(given: inbox.blocks) { return .finished }
                inbox.setAcceptsWakeUps(true)
                return nil
            }
        }
    }

    private func portSource(on descriptor: LabFileDescriptor, readiness: Readiness, in mode: RunLoopMode) -> PortSource? {
        state.withLock { state in
            guard let index = state.index(of: mode) else { return nil }
            return state.modes[index].portSource(on: descriptor, readiness: readiness)
        }
    }

    /// Whether the loop ever had an item of the kind `flag` stands for (``hasHadObservers``,
    /// ``hasHadSources0``); if not, the step that would look for one under `state`'s lock
    /// notes the access to `state` the lock would have noted, and goes on without it.
    @inline(__always)
    private func everHad(_ flag: borrowing Atomic<Bool>) -> Bool {
        if flag.load(ordering: .relaxed) { return true }
        state.noteAccess()
        return false
    }

    /// Calls the mode's observers of `activity`, if the loop ever had one; inlined, so that a
    /// pass of a loop without observers makes no call for each activity.
    @inline(__always)
    private func notifyObservers(_ activity: RunLoopActivity, in mode: RunLoopMode) {
        if everHad(hasHadObservers) { callObservers(activity, in: mode) }
    }

    /// Calls the mode's observers of `activity`, from a snapshot taken first.
    private func callObservers(_ activity: RunLoopActivity, in mode: RunLoopMode) {
        let observers = state.withLock { state -> [RunLoopObserver] in
            guard let index = state.index(of: mode), !state.modes[index].observers.isEmpty else { return [] }
            return state.modes[index].observers.filter { $0.activities.contains(activity) }
        }
        for observer in observers { observer.notify(activity, mode: mode, runtime: runtime) }
    }

    /// Performs the signalled version-0 sources, by order then first signal.
    private func performSources0(in mode: RunLoopMode, stopAfterOne: Bool) -> Bool {
        guard everHad(hasHadSources0) else { return false }
        let sources = state.withLock { state in state.index(of: mode).map { state.modes[$0].sources0 } ?? [] }
        guard !sources.isEmpty else { return false }
        let pending = sources.compactMap { source in source.pendingSignal.map { (source, $0) } }
            .sorted { ($0.1.order, $0.1.time, $0.1.sequence) < ($1.1.order, $1.1.time, $1.1.sequence) }
        var handled = false
        for (source, _) in pending where source.takeSignal() {
            record(.sourcePerform(name: source.name, mode: mode.name))
            source.perform()
            handled = true
            if stopAfterOne { break }
        }
        return handled
    }

    /// Runs the queued blocks that match `mode`, in FIFO order (`__CFRunLoopDoBlocks`). The
    /// whole queue is taken first, so while the blocks run the others are not queued (a
    /// nested run in their mode finds it empty); afterwards they go back, in order, ahead of
    /// anything queued meanwhile. While every queued block is for the default mode only,
    /// the queue is taken (or left) whole without looking at each block; each block is moved
    /// out of the batch to run, and released once afterwards.
    private func runBlocks(in mode: RunLoopMode) {
        var kept = BlockQueue()
        var runnable = state.withLock { state in
            // Taken before the inbox's lock, so that the closure run under it captures this
            // answer rather than a copy of the state.
            let modeIsCommon = mode == .default || state.commonModes.contains(mode)
            return inbox.withLock { inbox -> BlockQueue in
                var taken = BlockQueue()
                // Nothing queued, or nothing for this mode: leave the spare slots where they are.
                guard !inbox.blocks.isEmpty else { return taken }
                if inbox.holdsOnlyDefaultModeBlocks {
                    guard mode == .default else { return taken }
                } else if inbox.blocks.contains(where: { !$0.modes.admit(mode, modeIsCommon: modeIsCommon) }) {
                    inbox.holdsOnlyDefaultModeBlocks = true
                    taken = inbox.blocks.remove { $0.modes.admit(mode, modeIsCommon: modeIsCommon) }
                    swap(&kept, &inbox.blocks)
                    return taken
                }
                inbox.holdsOnlyDefaultModeBlocks = true
                swap(&taken, &inbox.blocks)
                swap(&inbox.blocks, &inbox.recycled)
                return taken
            }
        }
        if trace.isEnabled {
            runnable.removeAll { block in
                record(.performRun(label: block.label, mode: mode.name))
                block.body()
            }
        } else {
            runnable.removeAll { $0.body() }
        }
        recycle(runnable)
        guard !kept.isEmpty else { return }
        let keptOnlyDefaultMode = !kept.contains { !$0.isDefaultOnly }
        var dropped = BlockQueue()
        inbox.withLock { inbox in
            if inbox.isClosed {
                swap(&dropped, &kept)
            } else {
                var front = BlockQueue()
                swap(&front, &kept)
                inbox.blocks.prepend(front)
                if !keptOnlyDefaultMode { inbox.holdsOnlyDefaultModeBlocks = false }
            }
        }
        dropped.removeAll { $0.abandon?() }
    }

    /// Hands the slots of a batch that has run back to the inbox, unless the inbox already
    /// has a spare as large.
    private func recycle(_ batch: consuming BlockQueue) {
        guard batch.capacity > 0 else { return }
        var spare = batch
        inbox.withLock { inbox in
            if inbox.recycled.capacity < spare.capacity { swap(&inbox.recycled, &spare) }
        }
    }

    /// Fires every due timer of `mode` in the mode's order: earliest first, equal dates in
    /// the order they were added or re-positioned (`__CFRunLoopDoTimers`). The batch is a
    /// snapshot; each timer is checked again, against the clock, just before its callout
    /// (`__CFRunLoopDoTimer`).
    private func fireTimers(in mode: RunLoopMode) {
        let now = runtime.now()
        let due = state.withLock { state -> [RunLoopTimer] in
            guard let index = state.index(of: mode) else { return [] }
            return state.modes[index].timers.filter { timer in timer.armedFireDate.map { $0 <= now } ?? false }
        }
        for timer in due { _ = timer.fireIfDue(now: runtime.now(), in: self, mode: mode, runtime: runtime) }
    }
}

import LabRuntime

extension RunLoop {
    /// Queues `block` to run the next time the loop is in one of `modes`
    /// (`CFRunLoopPerformBlock`, `RunLoop.perform(inModes:block:)`); `nil`, the default, is
    /// the default mode alone. It does **not** wake the loop; call ``wakeUp()`` for that.
    /// Blocks run in FIFO order and keep their modes alive while queued. `label` names the
    /// block in the trace, and is only built when the trace is on.
    public func perform(
        inModes modes: [RunLoopMode]? = nil, label: @autoclosure () -> String? = nil,
        _ block: consuming @escaping @Sendable () -> Void
    ) {
        _ = enqueue(queuedBlock(label: label, modes: modes, body: block))
    }

    /// Queues `block`, creating its modes, unless the loop has been torn down; says whether
    /// it did. With `wake`, it then wakes the loop as ``wakeUp()`` does, deciding under the
    /// same lock as the enqueue (one lock per cross-thread perform). The block is moved into
    /// the queue, not copied: what the trace needs of it is taken first, and only when tracing.
    func enqueue(_ block: consuming QueuedBlock, wake: Bool = false) -> Bool {
        if block.namesOtherModes {
            state.withLock { state in
                guard !state.isTornDown else { return }
                for mode in block.modes.list where mode != .common { ensureMode(mode, in: &state) }
            }
        }
        if wake { wakeUpSchedulingPoint() }
        let traced = trace.isEnabled ? (label: block.label, modes: block.modes.names) : nil
        let defaultOnly = block.isDefaultOnly
        // Moved into the closure through an optional, so that queueing it copies nothing.
        var pending = Optional(block)
        let (queued, deliver) = inbox.withLock { inbox -> (Bool, Bool) in
            guard !inbox.isClosed else { return (false, false) }
            inbox.blocks.append(pending.take()!)
            if !defaultOnly { inbox.holdsOnlyDefaultModeBlocks = false }
            return (true, inbox.wakeUpDelivered)
        }
        guard queued else { return false }
        if let traced { record(.performEnqueued(label: traced.label, target: thread.id, modes: traced.modes)) }
        if wake { sendWakeUp(delivered: deliver) }
        return true
    }

    /// Performs `block` on `thread`'s loop in `modes`: Foundation's
    /// `performSelector:onThread:withObject:waitUntilDone:modes:`, which Linux Foundation
    /// lacks, built as CF suggests: queue a block, then wake the loop. `nil` modes, the
    /// default, are the default mode alone (`performSelector:onThread:withObject:waitUntilDone:`);
    /// a default of `nil` rather than a list spares each call the list's reference count.
    ///
    /// With `waitUntilDone` on the caller's own thread the block runs inline at once. Across
    /// threads the caller blocks until the block has run, which happens only while the
    /// target loop runs one of `modes`; if it never does, the caller waits forever (a
    /// simulation reports the deadlock). Performing on a thread that has exited throws, and
    /// so does a wait whose target exits before running the block (Darwin's Foundation
    /// raises "target thread exited while waiting for the perform").
    public static func perform(
        on thread: LabThread, modes: [RunLoopMode]? = nil, waitUntilDone: Bool = false,
        label: @autoclosure () -> String? = nil, _ block: consuming @escaping @Sendable () -> Void
    ) throws(RunLoopError) {
        guard !thread.hasExited else { throw .threadExited(thread.description) }
        guard waitUntilDone else {
            let target = unretained(of: thread)
            // The block is moved into the queue: a caller's fresh closure is neither retained
            // nor released on the way. Only a labelled or moded block is built in a closure.
            var pending =
                target._withUnsafeGuaranteedRef({ $0.takesPlainBlock(modes: modes) })
                ? Optional(QueuedBlock(plain: block))
                : Optional(target._withUnsafeGuaranteedRef { $0.queuedBlock(label: label, modes: modes, body: copy block) })
            let queued = target._withUnsafeGuaranteedRef { loop in loop.enqueue(pending.take()!, wake: true) }
            guard queued else { throw .threadExited(thread.description) }
            return
        }
        let loop = RunLoop.of(thread)
        let name = loop.blockLabel(label)
        if thread.isCurrent {
            loop.record(.performRun(label: name, mode: "inline"))
            block()
            return
        }
        let waiter = PerformWaiter.forCaller(under: thread.runtime, label: name, modes: modes)
        guard loop.enqueue(waiter.queuedBlock(running: block, label: name, modes: modes), wake: true) else {
            waiter.dropUnqueued()
            throw .threadExited(thread.description)
        }
        guard waiter.wait() else { throw .threadExited(thread.description) }
    }

    /// Performs `block` on this loop after `delay`, as a one-shot timer in `modes`
    /// (`performSelector:withObject:afterDelay:`). Like Darwin's, it fires only if the loop
    /// runs one of those modes; nothing else will run it.
    @discardableResult
    public func perform(
        afterDelay delay: Duration, inModes modes: [RunLoopMode] = RunLoopMode.defaultOnly, label: String? = nil,
        _ block: @escaping @Sendable () -> Void
    ) -> RunLoopTimer {
        let timer = RunLoopTimer(after: delay, name: label ?? "afterDelay " + blockLabel { nil }) { _ in block() }
        for mode in modes { add(timer, forMode: mode) }
        return timer
    }

    /// `body` as a block queued for `modes` (`nil`: the default mode), named `label` in the
    /// trace. Untraced and for the default mode only, it is the common block, made without
    /// building a label or modes.
    func queuedBlock(
        label: () -> String?, modes: [RunLoopMode]?, body: consuming @escaping @Sendable () -> Void
    ) -> QueuedBlock {
        if takesPlainBlock(modes: modes) { return QueuedBlock(plain: body) }
        return QueuedBlock(label: blockLabel(label), modes: modes ?? RunLoopMode.defaultOnly, body: body)
    }

    /// Whether a block for `modes` is the common block: untraced and for the default mode only.
    func takesPlainBlock(modes: [RunLoopMode]?) -> Bool {
        !trace.isEnabled && modes.map { $0.count == 1 && $0[0] == .default } ?? true
    }

    /// A block's name in the trace: `label`, or a numbered name for an unlabelled block.
    /// Without a trace nothing shows it, so a benchmark's million untraced blocks build no
    /// label and take no number.
    func blockLabel(_ label: () -> String?) -> String {
        guard trace.isEnabled else { return BlockDetails.plainLabel }
        return Self.blockLabel(label, trace: trace, runtime: runtime)
    }

    /// The same for any queue of blocks under `runtime`, whose trace is `trace`.
    static func blockLabel(_ label: () -> String?, trace: TraceRecorder, runtime: any Runtime) -> String {
        guard trace.isEnabled else { return BlockDetails.plainLabel }
        return label() ?? "block \(runtime.nextID(.block))"
    }

    /// Wakes the loop if it is running and not already going to look at its work
    /// (`CFRunLoopWakeUp`). A wake-up sent while the loop is not running, or between its
    /// waking and the top of its next iteration, is dropped: the loop will see the work
    /// anyway. Wake-ups coalesce in the eventfd. Live, a wake-up sent from the busy pass of
    /// a loop whose thread chose to hold its wake-ups (AFNetworking's network thread) is
    /// written when that loop is about to block, or within a few dozen passes
    /// (`LabThread.wake(_:of:)`); any other is written at once, as CF's is.
    public func wakeUp() {
        wakeUpSchedulingPoint()
        sendWakeUp(delivered: inbox.withLock { $0.wakeUpDelivered })
    }

    /// Tells the loop that another thread added one of its timers. CF re-arms the mode's timer
    /// port, a timerfd its sleeping wait holds, and does not wake the loop (`CFRunLoopAddTimer`
    /// calls no `CFRunLoopWakeUp`, unlike `CFRunLoopTimerSetNextFireDate`): the loop sleeps on
    /// until the new date with no extra pass. Here a loop asleep has its
    /// wake port written, and its wait reads again when to wake and sleeps on; a loop awake
    /// reads its timers when it next goes to sleep, and nothing is written. Traced as a
    /// wake-up, delivered only to a sleeping loop.
    func rearmTimers() {
        wakeUpSchedulingPoint()
        let sleeping = state.withLock { state in
            if state.isWaiting { state.timersMovedWhileWaiting = true }
            return state.isWaiting
        }
        record(.wakeUp(target: thread.id, delivered: sleeping))
        if sleeping { wakePort.post(waking: thread) }
    }

    /// The scheduling point before a wake-up; live, where it is none, not even a call through
    /// the runtime's existential is made on a perform's path.
    private func wakeUpSchedulingPoint() {
        if !isLive { runtime.schedulingPoint(before: VisibleOperation(.send, on: state.object), "wake T\(thread.id)") }
    }

    /// Traces a wake-up and, if it is to be delivered and none is pending, writes the port.
    private func sendWakeUp(delivered: Bool) {
        record(.wakeUp(target: thread.id, delivered: delivered))
        // Read before the exchange, so that a flood of performs while a wake-up is pending
        // does not write the flag's cache line on every one. Seeing it set means what the
        // exchange finding it set would: the loop has a wake-up it has not yet taken, and
        // looks at the inbox after taking it. The inbox lock orders this read after the
        // loop's last clear, which comes before it accepts wake-ups again.
        // Live, the port is written only if the loop waits on its ports or is about to: the
        // flag is set before that is read, and the loop sets that before it reads the flag
        // (both sequentially consistent), so one of the two sees the other.
        if delivered, !wakePending.load(ordering: .acquiring), !wakePending.exchange(true, ordering: .sequentiallyConsistent),
            !isLive || blocksOnPorts.load(ordering: .sequentiallyConsistent)
        {
            wakePort.post(waking: thread)
        }
    }

    /// Stops the innermost run of the loop and wakes it (`CFRunLoopStop`). Outer runs go on.
    /// When the loop is not running, it does nothing.
    public func stop() {
        let running = state.withLock { state -> Bool in
            state.activations.updateLast { $0.stopped = true } != nil
        }
        record(.stop(target: thread.id, activeRun: running))
        if running { wakeUp() }
    }

    /// Removes every source (running cancel callouts), timer and observer, drops queued
    /// blocks (releasing their `waitUntilDone` callers), and closes the loop's descriptors:
    /// CF's teardown at thread exit.
    func tearDown() {
        var dropped = BlockQueue()
        let (cancelled, timers, observers, portSets) = state.withLock { state in
            state.isTornDown = true
            // Gathered in one pass over the modes, each list made only if it has members; the
            // first mode's list with members is taken whole, shared rather than copied.
            func gather<Item>(_ items: [Item], into list: inout [Item]) {
                if list.isEmpty { list = items } else { list += items }
            }
            var cancelled: [(RunLoopSource, RunLoopMode)] = []
            var timers: [RunLoopTimer] = []
            var observers: [RunLoopObserver] = []
            var portSets: [any PortSet] = []
            portSets.reserveCapacity(state.modes.count)
            // By index, so that no mode's contents are copied.
            for index in state.modes.indices {
                for source in state.modes[index].sources0 { cancelled.append((source, state.modes[index].mode)) }
                gather(state.modes[index].timers, into: &timers)
                gather(state.modes[index].observers, into: &observers)
                portSets.append(state.modes[index].portSet)
            }
            for index in state.modes.indices { state.modes[index].removeAll() }
            state.commonItems.removeAll()
            state.activations = FirstInlineList()
            state.mainQueue?.tearDown()
            inbox.withLock { inbox in
                inbox.isClosed = true
                inbox.acceptsWakeUps = FirstInlineList()
                swap(&dropped, &inbox.blocks)
                inbox.holdsOnlyDefaultModeBlocks = true
            }
            return (cancelled, timers, observers, portSets)
        }
        for (source, mode) in cancelled { source.didCancel(in: self, mode: mode) }
        dropped.removeAll { $0.abandon?() }
        for timer in timers { timer.invalidate() }
        for observer in observers { observer.invalidate() }
        for portSet in portSets { portSet.close() }
        wakePort.descriptor.close()
    }
}

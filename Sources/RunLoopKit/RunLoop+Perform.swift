import LabRuntime

extension RunLoop {
    /// Queues `block` to run the next time the loop is in one of `modes`
    /// (`CFRunLoopPerformBlock`, `RunLoop.perform(inModes:block:)`). It does **not** wake
    /// the loop; call ``wakeUp()`` for that. Blocks run in FIFO order and keep their modes
    /// alive while queued.
    public func perform(inModes modes: [RunLoopMode] = [.default], label: String? = nil,
                        _ block: @escaping @Sendable () -> Void) {
        let name = label ?? "block \(runtime.nextID(.block))"
        let queued = state.withLock { state -> Bool in
            guard !state.isTornDown else { return false }
            for mode in modes where mode != .common { ensureMode(mode, in: &state) }
            state.blocks.append(QueuedBlock(label: name, modes: modes, body: block))
            return true
        }
        if queued { runtime.record(.performEnqueued(label: name, target: thread.id, modes: modes.map(\.name))) }
    }

    /// Performs `block` on `thread`'s loop in `modes`: Foundation's
    /// `performSelector:onThread:withObject:waitUntilDone:modes:`, which Linux Foundation
    /// lacks, built as CF suggests: queue a block, then wake the loop.
    ///
    /// With `waitUntilDone` on the caller's own thread the block runs inline at once. Across
    /// threads the caller blocks until the block has run, which happens only while the
    /// target loop runs one of `modes`; if it never does, the caller waits forever (a
    /// simulation reports the deadlock). Performing on a thread that has exited throws.
    public static func perform(on thread: LabThread, modes: [RunLoopMode] = [.default], waitUntilDone: Bool = false,
                               label: String? = nil, _ block: @escaping @Sendable () -> Void) throws(RunLoopError) {
        guard !thread.hasExited else { throw .threadExited(thread.description) }
        let runtime = thread.runtime
        let name = label ?? "block \(runtime.nextID(.block))"
        if waitUntilDone, thread === LabThread.current {
            runtime.record(.performRun(label: name, mode: "inline"))
            block()
            return
        }
        let loop = RunLoop.of(thread)
        guard waitUntilDone else {
            loop.perform(inModes: modes, label: name, block)
            loop.wakeUp()
            return
        }
        let done = runtime.makeSemaphore(named: "waitUntilDone \(name)", value: 0)
        loop.perform(inModes: modes, label: name) {
            block()
            done.signal()
        }
        loop.wakeUp()
        done.wait()
    }

    /// Performs `block` on this loop after `delay`, as a one-shot timer in `modes`
    /// (`performSelector:withObject:afterDelay:`). Like Darwin's, it fires only if the loop
    /// runs one of those modes; nothing else will run it.
    @discardableResult
    public func perform(afterDelay delay: Duration, inModes modes: [RunLoopMode] = [.default], label: String? = nil,
                        _ block: @escaping @Sendable () -> Void) -> RunLoopTimer {
        let timer = RunLoopTimer(after: delay, name: label ?? "afterDelay \(runtime.nextID(.block))") { _ in block() }
        for mode in modes { add(timer, forMode: mode) }
        return timer
    }

    /// Wakes the loop if it is running and not already going to look at its work
    /// (`CFRunLoopWakeUp`). A wake-up sent while the loop is not running, or between its
    /// waking and the top of its next iteration, is dropped: the loop will see the work
    /// anyway. Wake-ups coalesce in the eventfd.
    public func wakeUp() {
        runtime.schedulingPoint("wake T\(thread.id)")
        let deliver = state.withLock { state in state.activations.last.map { !$0.ignoreWakeUps } ?? false }
        runtime.record(.wakeUp(target: thread.id, delivered: deliver))
        if deliver { wakePort.post() }
    }

    /// Stops the innermost run of the loop and wakes it (`CFRunLoopStop`). Outer runs go on.
    /// When the loop is not running, it does nothing.
    public func stop() {
        let running = state.withLock { state -> Bool in
            guard let last = state.activations.indices.last else { return false }
            state.activations[last].stopped = true
            return true
        }
        runtime.record(.stop(target: thread.id, activeRun: running))
        if running { wakeUp() }
    }

    /// Removes every source (running cancel callouts), timer and observer, drops queued
    /// blocks, and closes the loop's descriptors: CF's teardown at thread exit.
    func tearDown() {
        let (cancelled, timers, observers, portSets) = state.withLock { state in
            state.isTornDown = true
            let cancelled = state.modes.flatMap { contents in contents.sources0.map { ($0, contents.mode) } }
            let timers = state.modes.flatMap(\.timers)
            let observers = state.modes.flatMap(\.observers)
            let portSets = state.modes.map(\.portSet)
            for index in state.modes.indices {
                state.modes[index].sources0 = []
                state.modes[index].portSources = []
                state.modes[index].timers = []
                state.modes[index].observers = []
            }
            state.commonItems = []
            state.blocks = []
            state.activations = []
            return (cancelled, timers, observers, portSets)
        }
        for (source, mode) in cancelled { source.didCancel(in: self, mode: mode) }
        for timer in timers { timer.invalidate() }
        for observer in observers { observer.invalidate() }
        for portSet in portSets { portSet.close() }
        wakePort.descriptor.close()
    }
}

import AFReplay
import LabRuntime
import RunLoopKit
import Synchronization

extension ScenarioWorld {
    /// Runs `actions` in order on the calling thread, which is `target`'s.
    func perform(_ actions: [ThreadAction], on target: ScenarioThread, line: Int) {
        for action in actions { perform(action, on: target, line: line) }
    }

    /// Queues `actions` on `target`'s loop: on main through the main queue
    /// (`dispatch_async(dispatch_get_main_queue(), …)`), elsewhere with a perform in the
    /// common modes (`performSelector:onThread:…modes:NSRunLoopCommonModes`).
    func dispatch(_ actions: [ThreadAction], to target: ScenarioThread, line: Int, label: String) {
        dispatch(target, label: label, line: line) { self.perform(actions, on: target, line: line) }
    }

    /// Queues `work` on `target`'s loop, as ``dispatch(_:to:line:label:)`` does for actions.
    func dispatch(_ target: ScenarioThread, label: String, line: Int, _ work: @escaping @Sendable () -> Void) {
        if target.isMain {
            MainQueue.shared(in: runtime).async(label: label, work)
            return
        }
        do {
            try RunLoop.perform(on: target.thread, modes: [.common], label: label, work)
        } catch {
            report(error.description, line: line)
        }
    }

    /// Installs `trigger`: it queues its actions on its thread the first time its condition
    /// holds.
    func install(_ trigger: Trigger, line: Int) {
        let once = OnceFlag()
        let queued = thread(trigger.thread)
        let label = "when (line \(line))"
        let fire: @Sendable () -> Void = { [weak self] in
            guard let self else { return }
            if trigger.inline {
                let current = LabThread.current
                let target = self.scenarioThread(running: current.id) ?? ScenarioThread(name: current.name, thread: current)
                self.perform(trigger.actions, on: target, line: line)
            } else {
                self.dispatch(trigger.actions, to: queued, line: line, label: label)
            }
        }
        switch trigger.condition {
        case let .received(name, bytes) where scenario.taskNames.contains(name):
            let manager = sessionManager
            let earlier = manager.dataTaskDidReceiveData
            let received = Mutex(0)
            manager.dataTaskDidReceiveData = { [weak self] session, task, data in
                earlier?(session, task, data)
                guard let self, self.task(name) === task else { return }
                let total = received.withLock { total in
                    total += data.count
                    return total
                }
                if total >= bytes, once.claim() { fire() }
            }
        case let .received(name, bytes):
            let operation = operation(name)
            let earlier = operation.downloadProgress
            operation.downloadProgress = { read, total, expected in
                earlier?(read, total, expected)
                if total >= Int64(bytes), once.claim() { fire() }
            }
        case let .state(name, state):
            let operation = operation(name)
            operation.addObserver { [weak operation] change in
                guard let operation, change.phase == .did, change.key == state.key, operation.state == state, once.claim() else { return }
                fire()
            }
        }
    }

    /// False, reporting a problem, when `name` is a session task that its thread has not
    /// created yet; true otherwise.
    private func taskIsReady(_ name: String, line: Int) -> Bool {
        guard task(name) == nil, scenario.taskNames.contains(name) else { return true }
        report("task \(name) has not been created yet: its thread has not run dataTaskWithRequest:", line: line)
        return false
    }

    private func perform(_ action: ThreadAction, on target: ScenarioThread, line: Int) {
        switch action {
        case let .start(name):
            guard taskIsReady(name, line: line) else { return }
            if let task = task(name) { task.resume() } else { anyOperation(name).start() }
        case let .cancel(name):
            guard taskIsReady(name, line: line) else { return }
            if let task = task(name) { task.cancel() } else { anyOperation(name).cancel() }
        case let .pause(name): operation(name).pause()
        case let .resume(name):
            guard taskIsReady(name, line: line) else { return }
            if let task = task(name) { task.resume() } else { operation(name).resume() }
        case let .suspend(name):
            guard taskIsReady(name, line: line) else { return }
            task(name)?.suspend()
        case let .enqueue(name): enqueue([anyOperation(name)], line: line)
        case let .enqueueBatch(name): enqueue(batchOperations(name), line: line)
        case let .runMode(mode, duration, until):
            let deadline = until.map { LabInstant.zero + $0 } ?? runtime.now() + duration
            _ = try? RunLoop.current.run(mode: mode, before: deadline)
        case let .perform(name, wait, modes, label):
            do {
                try RunLoop.perform(on: thread(name).thread, modes: modes, waitUntilDone: wait, label: label) {}
            } catch {
                report(error.description, line: line)
            }
        case let .addPort(modes, name):
            do {
                try target.ports.add(EventFDPort(name: "\(target.name) \(name)"), modes: modes)
            } catch {
                report(error.description, line: line)
            }
        case .removePort:
            if !target.ports.removeLast() { report("\(target.name) has no port left that the scenario added", line: line) }
        case let .addCommonMode(mode): RunLoop.current.addCommonMode(mode)
        case let .signal(name): loopSource(name).signal()
        case let .wake(name): RunLoop.of(thread(name).thread).wakeUp()
        case let .send(name): port(name).send()
        case let .setStream(name, streamName): operation(name).setOutputStream(stream(streamName))
        case let .setCompletionBlock(name): operation(name).completionBlock = {}
        case let .acquire(name): appLock(name).lock()
        case let .release(name):
            if !appLock(name).unlock() { report("\(target.name) does not hold lock \(name)", line: line) }
        case let .waitSemaphore(name): semaphore(name).wait()
        case let .signalSemaphore(name): semaphore(name).signal()
        case let .increment(name):
            let cell = cell(name)
            cell.store(cell.load() + 1)
        case let .checkpoint(name): checkpoint(name)
        }
    }
}

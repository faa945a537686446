import LabRuntime
import RunLoopKit
import Synchronization

/// The live walkthrough: a lab thread whose run loop exits at once with nothing
/// in its mode, then stays alive with a keep-alive port, serves a perform hop and a timer,
/// and ends when another thread stops it.
///
/// It runs on a ``LiveRuntime`` with real threads; the narrative is printed between steps
/// and the loop's own trace events are printed as they happen, from the thread that made
/// them.
struct LiveWalkthrough {
    /// Where lines go; called from several threads, one whole line at a time.
    let write: @Sendable (String) -> Void
    /// Whether to use ANSI colours.
    let colors: Bool

    /// Event names worth showing a learner; locks, semaphores and scheduling are noise here.
    private static let shownEvents: Set<String> = [
        "thread.start", "thread.exit", "loop.entry", "loop.exit", "loop.wait", "loop.wake",
        "loop.wakeup", "loop.stop", "perform.enqueue", "perform.run", "timer.fire", "observer",
    ]

    /// Runs the walkthrough; returns false if a step did not behave as CFRunLoop does.
    ///
    /// - Throws: `RunLoopError.systemCallFailed` when the worker's loop got no descriptor
    ///   (`EMFILE`): the walkthrough stops there instead of waiting for a loop that cannot run.
    func run() throws(RunLoopError) -> Bool {
        let runtime = LiveRuntime()
        let style = DemoStyle(colors: colors)
        runtime.trace.addListener { [write] event in
            guard Self.shownEvents.contains(event.name) else { return }
            write(style.event(event))
        }
        write(style.title("RunLoop Lab: one thread, its run loop, and the keep-alive port (live)"))
        let outcome = Mutex<Result<Bool, RunLoopError>>(.success(true))
        let main = runtime.spawnThread(named: "main") {
            let result = Result { () throws(RunLoopError) in try steps(runtime: runtime, style: style) }
            outcome.withLock { $0 = result }
        }
        main.join()
        return try outcome.withLock { $0 }.get()
    }

    private func steps(runtime: LiveRuntime, style: DemoStyle) throws(RunLoopError) -> Bool {
        let toMain = runtime.makeSemaphore(named: "to main", value: 0)
        let toWorker = runtime.makeSemaphore(named: "to worker", value: 0)
        let firstResult = Mutex<RunLoopResult?>(nil)
        let lastResult = Mutex<RunLoopResult?>(nil)
        // The worker's loop error, if any: it then signals main, which stops there.
        let failure = Mutex<RunLoopError?>(nil)

        write(style.step(1, "A new thread runs its loop with nothing in the default mode."))
        let worker = runtime.spawnThread(named: "worker") {
            let loop = RunLoop.current
            do throws(RunLoopError) {
                let result = try loop.run(mode: .default, for: .seconds(5))
                firstResult.withLock { $0 = result }
                toMain.signal()
                toWorker.wait()
                try loop.add(EventFDPort(name: "keep-alive port"), forMode: .default)
                loop.add(
                    RunLoopObserver(activities: .beforeWaiting, repeats: false, name: "first-sleep observer") { _, _ in
                        toMain.signal()
                    }, forMode: .default)
                try loop.run()
                lastResult.withLock { $0 = .stopped }
            } catch {
                failure.withLock { $0 = error }
                toMain.signal()
            }
        }
        /// Waits for the worker; throws its loop's error once it has exited.
        func awaitWorker() throws(RunLoopError) {
            toMain.wait()
            guard let error = failure.withLock({ $0 }) else { return }
            worker.join()
            throw error
        }
        try awaitWorker()
        let first = firstResult.withLock { $0 }
        write(
            style.note(
                "run(mode:before:) returned \(first.map(\.description) ?? "an error") at once: a mode with no sources, timers or blocks has nothing to wait for, so CFRunLoop does not even call Entry/Exit observers (the loop.exit line is the lab's own record of the return, not an observer callout)."
            ))

        write(style.step(2, "Add a port to the default mode (AFNetworking's keep-alive idiom) and call run()."))
        toWorker.signal()
        try awaitWorker()
        write(
            style.note(
                "The worker's BeforeWaiting observer fired: the loop is going to sleep in epoll_wait, kept alive by the port, using no CPU."
            ))

        write(style.step(3, "From main, perform a block on the worker and wait until it is done."))
        try? RunLoop.perform(on: worker, waitUntilDone: true, label: "hello from main") {
            write(style.note("...this block runs on \(LabThread.current) while main waits."))
        }
        write(
            style.note(
                "perform(on:waitUntilDone:) = queue a block + wake the loop, as performSelector:onThread: does (Foundation's perform(inModes:) queues only; CFRunLoopWakeUp wakes)."
            ))

        write(style.step(4, "Add a 20 ms one-shot timer to the worker's loop from main."))
        let timer = RunLoopTimer(after: .milliseconds(20), name: "20 ms timer") { _ in toMain.signal() }
        RunLoop.of(worker).add(timer, forMode: .default)
        toMain.wait()
        write(style.note("The timer fired on the worker, then was invalidated: one-shot timers do not repeat."))

        write(style.step(5, "Stop the worker's loop from main: the innermost run returns stopped."))
        RunLoop.of(worker).stop()
        worker.join()
        let stopped = lastResult.withLock { $0 } == .stopped
        write(
            style.note(
                stopped
                    ? "run() returned because the run was stopped; the thread exited and its loop was torn down."
                    : "run() did not end with a stop."))
        return first == .finished && stopped
    }
}

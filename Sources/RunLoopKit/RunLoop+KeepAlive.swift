import LabRuntime
import Synchronization

extension RunLoop {
    /// Starts a thread named `name` that serves its loop until stopped, such as
    /// AFNetworking's network thread (`+networkRequestThread` starting
    /// `+networkRequestThreadEntryPoint:`): the thread adds a keep-alive port named
    /// `portName` to its loop in the default mode, then runs it (``run()``).
    ///
    /// Live, the call returns once the thread's loop is set up, and throws
    /// ``RunLoopError/systemCallFailed(_:)`` when it could not be (no descriptor left for its
    /// wake port, its port set or the keep-alive port, `EMFILE`): the thread has then
    /// exited, and nothing waits for it. CF crashes there instead (`__CFRunLoopCreate`). A
    /// descriptor missing later, while the loop runs, ends the process as in
    /// ``runKeptAlive(portName:)``.
    /// Under a simulation the call returns at once, with no extra scheduling point, and a
    /// failure ends the run with the error (``runKeptAlive(portName:)``).
    ///
    /// With `holdingWakeUpsWhileBusy`, the live loop holds the wake-ups its busy passes send
    /// other loops until it is about to block (`LabThread.holdWakeUpsWhileBusy()`): only for
    /// a loop whose callouts wait for other threads through the lab's primitives alone.
    public static func spawnKeptAlive(
        named name: String, portName: String, holdingWakeUpsWhileBusy: Bool = false, in runtime: any Runtime
    ) throws(RunLoopError) -> LabThread {
        guard runtime.flavor == .live else {
            return runtime.spawnThread(named: name) { runKeptAlive(portName: portName) }
        }
        let ready = runtime.replySemaphore(named: "\(name) loop set up")
        let failure = Mutex<RunLoopError?>(nil)
        let thread = runtime.spawnThread(named: name) {
            if holdingWakeUpsWhileBusy { LabThread.current.holdWakeUpsWhileBusy() }
            let loop = RunLoop.current
            do throws(RunLoopError) {
                try loop.addKeepAlivePort(named: portName)
                if let error = loop.state.withLock({ loop.missingDescriptor(for: .default, in: $0) }) {
                    throw .systemCallFailed(error)
                }
            } catch {
                failure.withLock { $0 = error }
                ready.signal()
                return
            }
            ready.signal()
            loop.serve()
        }
        ready.wait()
        if let error = failure.withLock({ $0 }) {
            thread.join()
            throw error
        }
        return thread
    }

    /// The body of a thread that serves its loop until stopped, for a thread the caller
    /// spawned itself: adds a keep-alive port named `portName` to the calling thread's loop
    /// in the default mode, then runs it (``run()``).
    ///
    /// Such a thread has nobody to tell when a descriptor its loop cannot do without is
    /// missing (no descriptor left, `EMFILE`), so it gives up through `Runtime/fail(_:)`: a
    /// simulation ends its run with the error; live, the process ends with it named, as CF
    /// crashes. ``spawnKeptAlive(named:portName:holdingWakeUpsWhileBusy:in:)`` tells the creator instead. The end of
    /// a simulation returns.
    public static func runKeptAlive(portName: String) {
        let loop = RunLoop.current
        do throws(RunLoopError) {
            try loop.addKeepAlivePort(named: portName)
        } catch {
            loop.giveUp(error)
            return
        }
        loop.serve()
    }

    /// Runs the loop until it is stopped; a descriptor missing on the way ends the run or
    /// the process (``runKeptAlive(portName:)``).
    private func serve() {
        do throws(RunLoopError) { try run() } catch { giveUp(error) }
    }

    /// Ends the simulation's run or the process with a missing descriptor's error; the end of
    /// a simulation (`runOver`) just returns.
    private func giveUp(_ error: RunLoopError) {
        if case let .systemCallFailed(failure) = error { runtime.fail(failure) }
    }

    /// Adds a keep-alive port named `portName` in the default mode (an `NSPort` in
    /// `NSDefaultRunLoopMode`).
    private func addKeepAlivePort(named portName: String) throws(RunLoopError) {
        try add(EventFDPort(name: portName, runtime: runtime), forMode: .default)
    }
}

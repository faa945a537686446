import LabRuntime
import RunLoopKit

/// AFNetworking's network thread: `+[AFURLConnectionOperation networkRequestThread]`
/// (spec §1.1).
///
/// One lab thread per runtime (per "process"), created lazily the first time an operation
/// needs it and started at once. Its entry point (`+networkRequestThreadEntryPoint:`) runs
/// on a thread named **"AFNetworking"**, adds a fresh port to its run loop **for the
/// default mode only** (the keep-alive source: without it `run` would return at once), and
/// runs the loop forever. Nothing removes the port or stops the loop, so the thread never
/// exits; under a `Simulation` it ends the run idle in its loop.
///
/// Every connection of every operation is scheduled on this loop, so all delegate
/// callbacks run serially here, and the four perform-on-thread hops of
/// ``URLConnectionOperation`` land here in FIFO order, filtered by the operation's
/// ``URLConnectionOperation/runLoopModes``.
public enum NetworkThread {
    /// The thread's name, as the entry point sets it.
    public static let name = "AFNetworking"

    private static let threads = RuntimeLocal<LabThread>("networkRequestThread") { runtime in
        runtime.spawnThread(named: name, entryPoint)
    }

    /// The network thread of `runtime` (the caller's by default), created and started on
    /// first use (`+networkRequestThread`, with its `dispatch_once`).
    public static func thread(in runtime: any Runtime = currentRuntime()) -> LabThread {
        threads.value(in: runtime)
    }

    /// `+networkRequestThreadEntryPoint:`: keep-alive port in the default mode, then `run`.
    private static func entryPoint() {
        RunLoop.runKeptAlive(portName: "AFNetworking keep-alive port")
    }
}

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

    /// `+networkRequestThreadEntryPoint:`: keep-alive port in the default mode, then `run`.
    /// Live, the loop holds the wake-ups its busy passes send the main queue and the
    /// operation queue's workers until it is about to block: its callouts are the replay's
    /// own and the blocks an app hands AFNetworking, which in the lab wait for other threads
    /// only through its primitives.
    private static let threads = RuntimeLocal<OnceStarted<LabThread>>("networkRequestThread") { runtime in
        OnceStarted(threadNamed: name, portName: "AFNetworking keep-alive port", holdingWakeUpsWhileBusy: true, in: runtime)
    }

    /// The network thread of `runtime` (the caller's by default), created and started on
    /// first use (`+networkRequestThread`, with its `dispatch_once`).
    ///
    /// Live, throws `RunLoopError.systemCallFailed` when the thread's loop could not
    /// be set up (no descriptor left, `EMFILE`); the start is not tried again in `runtime`.
    public static func thread(in runtime: any Runtime = currentRuntime()) throws(RunLoopError) -> LabThread {
        try threads.value(in: runtime).get()
    }
}

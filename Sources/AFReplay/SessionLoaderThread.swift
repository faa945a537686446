import LabRuntime
import RunLoopKit

/// The thread on which `NSURLSession` runs its tasks' connections: CFNetwork's
/// `com.apple.NSURLConnectionLoader`, modelled like ``NetworkThread`` (spec §4).
///
/// One lab thread per runtime, created lazily on first use, with a keep-alive port in the
/// default mode; it runs its loop forever. Every ``SessionTask``'s `NetSim.Connection` is
/// scheduled in this loop's default mode, so the raw connection callbacks of every session
/// arrive here, serially; the session then hands each one to its delegate queue. Unlike
/// ``URLConnectionOperation``, no AFNetworking code runs on this thread.
public enum SessionLoaderThread {
    /// The thread's name.
    public static let name = "com.apple.NSURLConnectionLoader"

    private static let threads = RuntimeLocal<OnceStarted<LabThread>>("NSURLConnectionLoader") { runtime in
        OnceStarted(threadNamed: name, portName: "\(name) keep-alive port", in: runtime)
    }

    /// The loader thread of `runtime` (the caller's by default), started on first use.
    ///
    /// Live, throws `RunLoopError.systemCallFailed` when the thread's loop could not
    /// be set up (no descriptor left, `EMFILE`); the start is not tried again in `runtime`.
    public static func thread(in runtime: any Runtime = currentRuntime()) throws(RunLoopError) -> LabThread {
        try threads.value(in: runtime).get()
    }
}

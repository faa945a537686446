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

    private static let threads = RuntimeLocal<LabThread>("NSURLConnectionLoader") { runtime in
        runtime.spawnThread(named: name) {
            RunLoop.runKeptAlive(portName: "\(name) keep-alive port")
        }
    }

    /// The loader thread of `runtime` (the caller's by default), started on first use.
    public static func thread(in runtime: any Runtime = currentRuntime()) -> LabThread {
        threads.value(in: runtime)
    }
}

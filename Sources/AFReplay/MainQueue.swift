import LabRuntime
import RunLoopKit

/// The main queue: `dispatch_get_main_queue()`, served by the main thread's run loop
/// (spec §1.3, §7: FIFO; notifications and progress are posted to it with async dispatch).
///
/// **Which thread is main.** The main queue is the runtime's `Runtime.mainThread`: under
/// a `Simulation` that is T0, the thread running the test's `main` closure; live, the
/// first thread the runtime started. That thread serves the queue only while it runs its
/// loop, exactly as an app's main thread serves `dispatch_get_main_queue()` only inside
/// `UIApplicationMain`. So the main thread does its setup (create and start operations),
/// then calls ``run()``, which takes over the calling thread and never returns unless
/// ``stop()`` is called. A simulation then ends quiescent with main idle in its loop.
///
/// Blocks go to RunLoopKit's `MainDispatchQueue`, the main loop's built-in
/// port source in its common modes, so they run in FIFO order whenever the main loop runs a
/// common mode (the default mode included), a run that serves one returns
/// `handledSource` when asked to, and the port keeps ``run()`` from returning when the queue
/// is empty.
public final class MainQueue: LabDispatchQueue {
    /// `"com.apple.main-thread"`, the main queue's GCD label.
    public let label = "com.apple.main-thread"
    /// The main thread.
    public let thread: LabThread
    private let loop: RunLoop
    private let queue: MainDispatchQueue

    private static let queues = RuntimeLocal<MainQueue>("main queue") { runtime in
        guard let main = runtime.mainThread else { preconditionFailure("\(runtime) has no main thread yet") }
        return MainQueue(thread: main)
    }

    private init(thread: LabThread) {
        self.thread = thread
        loop = RunLoop.of(thread)
        queue = loop.mainQueue
    }

    /// The main queue of `runtime` (the caller's by default), bound to its main thread.
    public static func shared(in runtime: any Runtime = currentRuntime()) -> MainQueue {
        queues.value(in: runtime)
    }

    /// The caller's runtime's main queue (`dispatch_get_main_queue()`).
    public static var main: MainQueue { shared() }

    /// Whether the caller is on the main thread (`[NSThread isMainThread]`).
    public var isCurrent: Bool { thread.isCurrent }

    /// Queues `block` on the main queue, signalling its port.
    public func async(label blockLabel: @autoclosure () -> String, _ block: consuming @escaping @Sendable () -> Void) {
        queue.async(label: blockLabel(), block)
    }

    /// Runs the main thread's loop, serving the queue, until ``stop()`` (`dispatch_main`,
    /// `UIApplicationMain`). Only the main thread may call it.
    ///
    /// Live, throws `RunLoopError.systemCallFailed` when the main loop has no descriptor for
    /// its wake port or the queue's port (`EMFILE`), where CF crashes. Under a simulation it
    /// returns when the run ends.
    public func run() throws(RunLoopError) {
        precondition(isCurrent, "MainQueue.run() must be called on the main thread \(thread), not \(LabThread.current)")
        do throws(RunLoopError) {
            try loop.run()
        } catch {
            guard case .runOver = error else { throw error }
        }
    }

    /// Stops ``run()`` after the block it is running, if any.
    public func stop() {
        loop.stop()
    }
}

import RunLoopKit

/// One action of an `on THREAD:` or `when …:` line, run on that thread.
enum ThreadAction: Sendable, Equatable {
    /// `start A`.
    case start(String)
    /// `cancel A`.
    case cancel(String)
    /// `pause A`.
    case pause(String)
    /// `resume A`.
    case resume(String)
    /// `suspend T`: suspend a session task.
    case suspend(String)
    /// `enqueue A`: add it to the queue.
    case enqueue(String)
    /// `enqueue Z` for a batch: add its members and its block operation to the queue
    /// (`addOperations:waitUntilFinished:NO`).
    case enqueueBatch(String)
    /// `run mode M for D`: run the thread's own loop in `M` (nested when the loop is
    /// already running) for `D`. On main, in sequence, the run lasts until `until`
    /// instead: that point of the scenario's timeline (see ``RunStatement``).
    case runMode(RunLoopMode, Duration, until: Duration?)
    /// `perform on THREAD [wait] [modes …]`: perform an empty, labelled block on a thread.
    case perform(target: String, wait: Bool, modes: [RunLoopMode], label: String)
    /// `add port [modes …]`: add a new port to the thread's loop.
    case addPort([RunLoopMode], name: String)
    /// `remove port`: remove the port added last (the keep-alive port if no other).
    case removePort
    /// `add common mode M`.
    case addCommonMode(RunLoopMode)
    /// `signal S`: `CFRunLoopSourceSignal` on a declared version-0 source; wakes nothing.
    case signal(String)
    /// `wake THREAD`: `CFRunLoopWakeUp` on the thread's loop.
    case wake(String)
    /// `send P`: a message to a declared port, which wakes the loop it is in.
    case send(String)
    /// `set stream A to S` (or `to nil`): `[A setOutputStream:S]`.
    case setStream(operation: String, stream: String?)
    /// `set completionBlock A`: `[A setCompletionBlock:^{}]`, which takes A's lock in 2.6.3.
    case setCompletionBlock(String)
    /// `acquire L`: `[L lock]`, blocking until this thread holds it.
    case acquire(String)
    /// `release L`: `[L unlock]`; one this thread does not hold is a problem.
    case release(String)
    /// `wait S`: `dispatch_semaphore_wait(S, DISPATCH_TIME_FOREVER)`.
    case waitSemaphore(String)
    /// `signal S` for a semaphore: `dispatch_semaphore_signal(S)`.
    case signalSemaphore(String)
    /// `increment C`: `C = C + 1` on a declared cell, as unsynchronised code does it: a read,
    /// then a write of the value read plus one, two steps with a scheduling point between.
    case increment(String)
    /// `checkpoint NAME`: a named point of the run, which `expect at NAME:` lines check.
    case checkpoint(String)
}

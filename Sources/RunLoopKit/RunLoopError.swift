import LabRuntime

/// A misuse of the run loop, refused with a message instead of a hang.
public enum RunLoopError: Error, Equatable, CustomStringConvertible {
    /// A loop was run from a thread that does not own it (`run(mode:before:)` on another
    /// thread's `RunLoop` returns false at once in Foundation).
    case notOwningThread(loopThread: String, caller: String)
    /// The common-modes pseudo-mode was run (CF logs and returns finished).
    case cannotRunCommonModes
    /// Work was sent to a thread that has exited, so it would never run.
    case threadExited(String)
    /// A port or descriptor source was removed from a mode it is not in.
    case notScheduled(source: String, mode: String)
    /// A closed file descriptor was added to a loop.
    case closedDescriptor(String)
    /// A loop was used after its thread exited and tore it down.
    case loopTornDown(String)
    /// A descriptor the loop needs could not be made, live: its wake port's `eventfd`, a
    /// mode's `epoll_create1`, or an added port's, failing with `EMFILE` when the process
    /// has no descriptor left (CF crashes in `__CFRunLoopCreate` or `__CFPortAllocate`).
    case systemCallFailed(SystemCallError)
    /// The simulation the loop ran under has ended while it slept: every run of the loop
    /// throws this, so that its thread unwinds and releases what it holds. Live loops never
    /// throw it.
    case runOver

    public var description: String {
        switch self {
        case let .notOwningThread(loop, caller):
            "the run loop of \(loop) can only be run by that thread, not by \(caller)"
        case .cannotRunCommonModes:
            "cannot run kCFRunLoopCommonModes: it is a tag for adding items to every common mode, not a mode; run a real mode such as kCFRunLoopDefaultMode"
        case let .threadExited(thread):
            "\(thread) has exited; work performed on it would never run"
        case let .notScheduled(source, mode):
            "\(source) is not scheduled in mode \(mode), so it cannot be removed from it"
        case let .closedDescriptor(label):
            "\(label) is closed; a run loop can only wait on open descriptors"
        case let .loopTornDown(thread):
            "the run loop of \(thread) was torn down when its thread exited"
        case let .systemCallFailed(error):
            error.explanation
        case .runOver:
            "the simulation has ended; the run loop's thread is unwinding"
        }
    }
}

extension RunLoopError {
    /// Ends the simulation's run or, live, the process with this error named
    /// (`Runtime.fail(_:)`), for work whose loop could not be set up and that has nobody to
    /// tell, where CF crashes. Only a missing descriptor (``systemCallFailed(_:)``)
    /// ends a run this way; any other error here is a programming error.
    public func fail(in runtime: any Runtime) -> Never {
        guard case let .systemCallFailed(failure) = self else { preconditionFailure("\(self)") }
        runtime.fail(failure)
    }
}

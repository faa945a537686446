/// Why one run of a loop returned: CF's `CFRunLoopRunResult`, with CF's raw values.
public enum RunLoopResult: Int, Sendable, CustomStringConvertible {
    /// `kCFRunLoopRunFinished`: the mode had nothing in it (no sources, timers or blocks).
    case finished = 1
    /// `kCFRunLoopRunStopped`: ``RunLoop/stop()`` stopped this activation.
    case stopped = 2
    /// `kCFRunLoopRunTimedOut`: the deadline passed.
    case timedOut = 3
    /// `kCFRunLoopRunHandledSource`: a source was handled and the run was asked to return after one.
    case handledSource = 4

    public var description: String {
        switch self {
        case .finished: "finished"
        case .stopped: "stopped"
        case .timedOut: "timedOut"
        case .handledSource: "handledSource"
        }
    }
}

import Glibc
import LabRuntime
import NetSim
import RunLoopKit

/// A thread that serves its run loop for a whole runtime (AFNetworking's network thread,
/// CFNetwork's loader thread), started once by ``RuntimeLocal``: the thread, or why its loop
/// could not be set up (live, no descriptor left: `EMFILE`).
///
/// As with `dispatch_once`, the start is tried once per runtime; a failed start is kept and
/// every later use reports the same error instead of waiting for a thread that died.
final class ServiceThread: Sendable {
    private let outcome: Result<LabThread, RunLoopError>

    /// Starts a thread named `name` whose loop is kept alive by a port named `portName`
    /// (``RunLoop/spawnKeptAlive(named:portName:in:)``).
    init(named name: String, portName: String, in runtime: any Runtime) {
        outcome = Result { () throws(RunLoopError) in
            try RunLoop.spawnKeptAlive(named: name, portName: portName, in: runtime)
        }
    }

    /// The running thread, or the error its start failed with.
    func thread() throws(RunLoopError) -> LabThread { try outcome.get() }
}

extension OperationError {
    /// The error of work whose service thread could not be started: in
    /// `NSPOSIXErrorDomain`, with the failed call's errno (`EMFILE` when no descriptor was
    /// left) and the call named in the message, as an `NSURLConnection` that gets no socket
    /// fails.
    static func serviceThreadUnavailable(_ error: RunLoopError) -> OperationError {
        let code = if case let .systemCallFailed(failure) = error { failure.errno } else { EIO }
        return .stream(StreamError(code: code, message: error.description))
    }
}

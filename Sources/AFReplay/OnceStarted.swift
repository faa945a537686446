import Glibc
import LabRuntime
import NetSim
import RunLoopKit

/// What a runtime starts once and keeps, made of threads with run loops (AFNetworking's
/// network thread, CFNetwork's loader thread, the shared dispatch queues), started once by
/// ``RuntimeLocal``: the value, or why its loops could not be set up (live, no descriptor
/// left: `EMFILE`).
///
/// As with `dispatch_once`, the start is tried once per runtime; a failed start is kept and
/// every later use reports the same error instead of waiting for threads that died.
///
/// The outcome is kept as a plain object, so that its type does not depend on `Value`:
/// releasing one with its runtime then needs no generic metadata, which the Swift runtime
/// would look up every time.
final class OnceStarted<Value: AnyObject & Sendable>: Sendable {
    private let outcome: Result<any AnyObject & Sendable, RunLoopError>

    /// Starts the value with `start`, keeping what it returns or throws.
    init(_ start: () throws(RunLoopError) -> Value) {
        outcome = Result { () throws(RunLoopError) -> any AnyObject & Sendable in try start() }
    }

    /// The started value, or the error its start failed with.
    func get() throws(RunLoopError) -> Value {
        // Only `start`'s value is ever kept.
        unsafeDowncast(try outcome.get(), to: Value.self)
    }

    /// The started value, for a user that has nobody to tell when the start failed: the
    /// failure then ends the simulation's run or, live, the process, with the error named
    /// (`Runtime.fail(_:)`). GCD needs no descriptor there; the lab's workers do.
    func getOrFail(in runtime: any Runtime) -> Value {
        do throws(RunLoopError) { return try get() } catch { error.fail(in: runtime) }
    }
}

extension OnceStarted where Value == LabThread {
    /// Starts a thread named `name` whose loop is kept alive by a port named `portName`
    /// (`RunLoop.spawnKeptAlive(named:portName:holdingWakeUpsWhileBusy:in:)`).
    convenience init(threadNamed name: String, portName: String, holdingWakeUpsWhileBusy: Bool = false, in runtime: any Runtime) {
        self.init { () throws(RunLoopError) in
            try RunLoop.spawnKeptAlive(named: name, portName: portName, holdingWakeUpsWhileBusy: holdingWakeUpsWhileBusy, in: runtime)
        }
    }
}

extension OperationError {
    /// The error of work whose service thread or queue could not be started: in
    /// `NSPOSIXErrorDomain`, with the failed call's errno (`EMFILE` when no descriptor was
    /// left) and the call named in the message, as an `NSURLConnection` that gets no socket
    /// fails.
    static func serviceThreadUnavailable(_ error: RunLoopError) -> OperationError {
        let code = if case let .systemCallFailed(failure) = error { failure.errno } else { EIO }
        return .stream(StreamError(code: code, message: error.description))
    }
}

/// One executable line of a scenario, in source order. The main thread executes them top
/// to bottom; `expect` lines are kept apart (``ScenarioExpectation``) and checked after the
/// run.
struct ScenarioStatement: Sendable, Equatable {
    /// What the line does.
    enum Kind: Sendable, Equatable {
        /// `server GET /path -> 200 …`: a route of the loopback server.
        case route(RouteDeclaration)
        /// `thread NAME`: a lab thread running its loop.
        case thread(ThreadDeclaration)
        /// `queue max N`: the operation queue and its limit (−1 for none).
        case queue(maxConcurrent: Int)
        /// `lock L` or `semaphore S`: an app-level lock or semaphore.
        case synchronization(SynchronizationDeclaration)
        /// `cell C [value N]`: a shared integer read and written without a lock.
        case cell(CellDeclaration)
        /// `stream S = buffer 4`: an output stream for operations.
        case stream(StreamDeclaration)
        /// `batch Z = A, B`: `batchOfRequestOperations:progressBlock:completionBlock:`.
        case batch(name: String, members: [String])
        /// `A depends on B`: `[A addDependency:B]`.
        case dependency(operation: String, on: String)
        /// `op A = http GET /path …`: an operation.
        case operation(OperationDeclaration)
        /// `op X = block`: an `NSBlockOperation` whose block does nothing.
        case blockOperation(name: String)
        /// `op B = copy A` or `op B = archive A`: a copy of a declared operation
        /// (`copyWithZone:`), or the operation archived and unarchived (`encodeWithCoder:`,
        /// then `initWithCoder:`), made on main at this line.
        case operationCopy(name: String, of: String, archived: Bool)
        /// `timer T on THREAD every 10ms …`: a timer.
        case timer(TimerDeclaration)
        /// `observe THREAD activities …`: a run-loop observer.
        case observer(ObserverDeclaration)
        /// `source S on THREAD …` or `port P on THREAD …`: a named source or port.
        case loopSource(LoopSourceDeclaration)
        /// `on THREAD: a; b`: actions run in order on a thread.
        case actions(thread: String, [ThreadAction])
        /// `when A … : action on THREAD`: actions queued when a condition first holds.
        case trigger(Trigger)
        /// `interleave main, AFNetworking`: the next scheduling choices, by thread.
        case interleave([String])
        /// `run …`: how far the main thread runs before the next line.
        case run(RunStatement)
    }

    /// The line, from 1.
    let line: Int
    /// What it does.
    let kind: Kind
}

extension ScenarioStatement {
    /// Whether it is an `interleave` line, whose entries name threads.
    var isInterleave: Bool {
        if case .interleave = kind { true } else { false }
    }
}

import AFReplay
import LabRuntime
import NetSim
import RunLoopKit
import Synchronization

/// The objects of one scenario run, built and driven by the simulation's main thread: the
/// server, the threads, the operations, the queue and the activity indicator.
///
/// The main thread executes the statements top to bottom (``runScript()``); other threads
/// reach the world through the blocks it queues on them. Swift mutexes here guard only
/// short reads and writes, never a call that can reach a scheduling point, so that a lab
/// thread never blocks the simulation while holding one.
final class ScenarioWorld: Sendable {
    private struct State {
        var server: LoopbackServer?
        var threads: [ScenarioThread] = []
        var operations: [(name: String, operation: URLConnectionOperation)] = []
        /// The `op X = block` operations, in declaration order.
        var blockOperations: [(name: String, operation: BlockOperation)] = []
        /// Every call of each operation's progress block, by operation name.
        var progressCalls: [String: [ProgressCall]] = [:]
        /// What the operations held at each `checkpoint` action, in the order they ran.
        var checkpoints: [CheckpointSnapshot] = []
        var sessionManager: SessionManager?
        var tasks: [(name: String, task: SessionTask)] = []
        var loopSources: [(name: String, source: RunLoopSource)] = []
        var streams: [(name: String, stream: any LabOutputStream)] = []
        var locks: [(name: String, lock: any LabLock)] = []
        var semaphores: [(name: String, semaphore: any LabSemaphore)] = []
        var cells: [(name: String, cell: LabCell<Int>)] = []
        /// Each batch's operations (members, then its block operation) and report so far.
        var batches: [(operations: [LabOperation], report: BatchReport)] = []
        /// The operations the scenario has added to the queue.
        var enqueued: [LabOperation] = []
        var ports: [(name: String, port: EventFDPort)] = []
        var queue: LabOperationQueue?
        var indicator: NetworkActivityIndicator?
        var problems: [ScenarioProblem] = []
    }

    let scenario: Scenario
    let runtime: any Runtime
    let plan: InterleavingPlan
    private let state = Mutex(State())

    /// The world of the calling lab thread's runtime; call on the simulation's main thread.
    init(scenario: Scenario, plan: InterleavingPlan) {
        self.scenario = scenario
        self.plan = plan
        runtime = currentRuntime()
        let main = ScenarioThread(name: "main", thread: LabThread.current)
        state.withLock { $0.threads.append(main) }
    }

    // MARK: Lookups

    /// The declared operations with their objects, in declaration order.
    var operations: [(name: String, operation: URLConnectionOperation)] { state.withLock { $0.operations } }

    /// The calls of the progress block of the operation called `name`, in order.
    func progressCalls(of name: String) -> [ProgressCall] { state.withLock { $0.progressCalls[name] ?? [] } }

    /// Whether `operation` is among the queue's operations (`[queue.operations
    /// containsObject:]`); false when the scenario has no queue.
    func isQueued(_ operation: LabOperation) -> Bool {
        state.withLock { $0.queue }?.operations.contains { $0 === operation } ?? false
    }

    /// The state of each session task made so far, in the order they were made.
    func taskStates() -> [(name: String, state: SessionTaskState)] {
        state.withLock { $0.tasks }.map { ($0.name, $0.task.state) }
    }

    /// The operations' reports as they are now, without what the trace says (see
    /// ``OperationReport/reading(_:)``).
    func operationReports() -> [OperationReport] {
        let streams = state.withLock { $0.streams }
        let requests = operations.map { entry in
            let held = entry.operation.currentOutputStream.map { held in streams.first { $0.stream === held }?.name ?? "set" }
            return OperationReport(
                name: entry.name, operation: entry.operation, progressCalls: progressCalls(of: entry.name),
                isQueued: isQueued(entry.operation), outputStreamName: held)
        }
        let blocks = state.withLock { $0.blockOperations }.map { entry in
            OperationReport(name: entry.name, blockOperation: entry.operation, isQueued: isQueued(entry.operation))
        }
        return requests + blocks
    }

    /// `lock NAME` / `semaphore NAME`: makes the lock or semaphore.
    func declare(_ declaration: SynchronizationDeclaration) {
        switch declaration.kind {
        case let .lock(recursive):
            let lock = runtime.makeLock(named: declaration.name, lockClass: "app lock \(declaration.name)", recursive: recursive)
            state.withLock { $0.locks.append((declaration.name, lock)) }
        case let .semaphore(value):
            let semaphore = runtime.makeSemaphore(named: declaration.name, value: value)
            state.withLock { $0.semaphores.append((declaration.name, semaphore)) }
        }
    }

    /// The lock the scenario calls `name` (the parser checked it is declared first).
    func appLock(_ name: String) -> any LabLock {
        guard let found = state.withLock({ $0.locks.first { $0.name == name }?.lock }) else {
            preconditionFailure("lock \(name) is used before its declaration ran")
        }
        return found
    }

    /// `cell NAME [value N]`: makes the cell, traced as `V<n> NAME`.
    func declare(_ declaration: CellDeclaration) {
        let cell = LabCell(declaration.name, declaration.value, runtime: runtime)
        state.withLock { $0.cells.append((declaration.name, cell)) }
    }

    /// The cell the scenario calls `name` (the parser checked it is declared first).
    func cell(_ name: String) -> LabCell<Int> {
        guard let found = state.withLock({ $0.cells.first { $0.name == name }?.cell }) else {
            preconditionFailure("cell \(name) is used before its declaration ran")
        }
        return found
    }

    /// The semaphore the scenario calls `name` (the parser checked it is declared first).
    func semaphore(_ name: String) -> any LabSemaphore {
        guard let found = state.withLock({ $0.semaphores.first { $0.name == name }?.semaphore }) else {
            preconditionFailure("semaphore \(name) is used before its declaration ran")
        }
        return found
    }

    /// The batches' reports as they are now.
    func batchReports() -> [BatchReport] { state.withLock { $0.batches.map(\.report) } }

    /// `batch NAME = A, B`: `batchOfRequestOperations:progressBlock:completionBlock:` with
    /// blocks that record their calls.
    func declareBatch(_ name: String, members: [String]) {
        let index = state.withLock { state in
            state.batches.append(([], BatchReport(name: name)))
            return state.batches.count - 1
        }
        let operations = URLConnectionOperation.batchOfRequestOperations(
            members.map(operation),
            progress: { [weak self] finished, total in
                self?.state.withLock { $0.batches[index].report.progress.append(BatchProgress(finished: finished, total: total)) }
            },
            completion: { [weak self] _ in
                self?.state.withLock { $0.batches[index].report.completed = true }
            })
        state.withLock { $0.batches[index].operations = operations }
    }

    /// `enqueue A` / `enqueue Z`: adds the operations to the queue in order, each once; one
    /// the scenario already added is reported as a problem (NSOperationQueue raises).
    func enqueue(_ operations: [LabOperation], line: Int) {
        for operation in operations {
            let fresh = state.withLock { state in
                guard !state.enqueued.contains(where: { $0 === operation }) else { return false }
                state.enqueued.append(operation)
                return true
            }
            if fresh {
                queue.addOperation(operation)
            } else {
                report("\(operation.name) is already in the queue (NSOperationQueue raises)", line: line)
            }
        }
    }

    /// The operations of the batch called `name`: its members, then its block operation.
    func batchOperations(_ name: String) -> [LabOperation] {
        state.withLock { $0.batches.first { $0.report.name == name }?.operations ?? [] }
    }

    /// The declared streams' reports as they are now.
    func streamReports() -> [StreamReport] {
        state.withLock { $0.streams }.map { StreamReport(name: $0.name, stream: $0.stream) }
    }

    /// The declared stream called `name`, or nil for `nil`.
    func stream(_ name: String?) -> (any LabOutputStream)? {
        guard let name else { return nil }
        return state.withLock { $0.streams.first { $0.name == name }?.stream }
    }

    /// `stream NAME = …`: makes the stream (not open; the operation opens it).
    func declare(_ declaration: StreamDeclaration) {
        let stream: any LabOutputStream =
            switch declaration.kind {
            case .memory: MemoryOutputStream()
            case let .buffer(capacity): BufferOutputStream(capacity: capacity)
            case let .file(path): FileOutputStream(path: path, append: false)
            case let .failing(limit): FailingOutputStream(failingAfter: limit)
            }
        state.withLock { $0.streams.append((declaration.name, stream)) }
    }

    /// `checkpoint NAME`: records the point in the trace and what the operations hold.
    func checkpoint(_ name: String) {
        runtime.record(.note(CheckpointSnapshot.noteText(name)))
        let snapshot = LabThread.current.inspecting {
            CheckpointSnapshot(
                name: name, operations: operationReports(), taskStates: taskStates(), streams: streamReports(), batches: batchReports(),
                indicatorCount: indicatorCount)
        }
        state.withLock { $0.checkpoints.append(snapshot) }
    }

    /// The checkpoints that ran, in order.
    var checkpoints: [CheckpointSnapshot] { state.withLock { $0.checkpoints } }

    /// The activity indicator's count, or 0 when the scenario has no operations.
    var indicatorCount: Int { state.withLock { $0.indicator }?.count ?? 0 }

    /// The problems so far, in the order they happened.
    var problems: [ScenarioProblem] { state.withLock { $0.problems } }

    /// The server, created on first use.
    var server: LoopbackServer {
        if let server = state.withLock({ $0.server }) { return server }
        let made = LoopbackServer()
        plan.learnName(of: made.thread.id, made.thread.name)
        state.withLock { $0.server = made }
        return made
    }

    /// The operation the scenario calls `name` (the parser checked it is declared first).
    func operation(_ name: String) -> URLConnectionOperation {
        guard let found = state.withLock({ $0.operations.first { $0.name == name } }) else {
            preconditionFailure("operation \(name) is used before its declaration ran")
        }
        return found.operation
    }

    /// The operation the scenario calls `name`, of any kind but a task: a request
    /// operation or a block operation (the parser checked it is declared first).
    func anyOperation(_ name: String) -> LabOperation {
        if let block = state.withLock({ $0.blockOperations.first { $0.name == name }?.operation }) { return block }
        return operation(name)
    }

    /// `op X = block`: `[NSBlockOperation blockOperationWithBlock:]` with a block that does
    /// nothing, named `op X` in the trace, where its start and finish show as KVO.
    func declareBlockOperation(_ name: String) {
        let operation = BlockOperation(name: OperationDeclaration.traceName(of: name)) {}
        state.withLock { $0.blockOperations.append((name, operation)) }
    }

    /// The session task the scenario calls `name`, or `nil` when `name` is an operation.
    func task(_ name: String) -> SessionTask? {
        state.withLock { $0.tasks.first { $0.name == name }?.task }
    }

    /// The version-0 source the scenario calls `name` (the parser checked it is declared first).
    func loopSource(_ name: String) -> RunLoopSource {
        guard let found = state.withLock({ $0.loopSources.first { $0.name == name }?.source }) else {
            preconditionFailure("source \(name) is used before its declaration ran")
        }
        return found
    }

    /// The port the scenario calls `name` (the parser checked it is declared first).
    func port(_ name: String) -> EventFDPort {
        guard let found = state.withLock({ $0.ports.first { $0.name == name }?.port }) else {
            preconditionFailure("port \(name) is used before its declaration ran")
        }
        return found
    }

    /// The thread the scenario calls `name`; `AFNetworking` is created on first use.
    func thread(_ name: String) -> ScenarioThread {
        if let found = state.withLock({ $0.threads.first { $0.name == name } }) { return found }
        precondition(name == NetworkThread.name, "thread \(name) is used before its declaration ran")
        let network: ScenarioThread
        do throws(RunLoopError) {
            network = ScenarioThread(name: name, thread: try NetworkThread.thread(in: runtime))
        } catch {
            preconditionFailure("a simulated network thread starts without waiting, so it cannot fail: \(error)")
        }
        return state.withLock { state in
            if let raced = state.threads.first(where: { $0.name == name }) { return raced }
            state.threads.append(network)
            return network
        }
    }

    /// The scenario's thread running as `id`, if the scenario knows it.
    func scenarioThread(running id: LabThreadID) -> ScenarioThread? {
        state.withLock { $0.threads.first { $0.thread.id == id } }
    }

    /// Records a problem caused by `line`.
    func report(_ message: String, line: Int) {
        state.withLock { $0.problems.append(ScenarioProblem(line: line, message: message)) }
    }

    // MARK: Declarations

    /// `server …`: scripts a route, starting the server on first use.
    func declare(_ route: RouteDeclaration) {
        server.route(route.method, route.path, route.script)
    }

    /// `thread NAME`: spawns a lab thread that adds its keep-alive port (unless declared
    /// without one) and runs its loop in the default mode until the mode is empty.
    func declare(_ declaration: ThreadDeclaration) {
        let ports = PortStack()
        let name = declaration.name
        let keepAlive = declaration.keepAlive
        let thread = runtime.spawnThread(named: name) {
            if keepAlive { try? ports.add(EventFDPort(name: "\(name) keep-alive port"), modes: [.default]) }
            try? RunLoop.current.run()
        }
        plan.learnName(of: thread.id, name)
        state.withLock { $0.threads.append(ScenarioThread(name: name, thread: thread, ports: ports)) }
    }

    /// `queue max N`: the operation queue, named "queue". A worker whose loop gets no
    /// descriptor (`EMFILE`) ends the run with the error, which the runner reports.
    func declareQueue(maxConcurrent: Int) {
        do throws(RunLoopError) {
            let queue = try LabOperationQueue(name: "queue", maxConcurrentOperationCount: maxConcurrent)
            state.withLock { $0.queue = queue }
        } catch {
            error.fail(in: runtime)
        }
    }

    /// `op …`: creates the operation (and, with the first one, the activity indicator),
    /// named `op NAME` in the trace; a `task` is made by the session manager instead.
    func declare(_ declaration: OperationDeclaration, line: Int) {
        if state.withLock({ $0.indicator == nil }) {
            let indicator = NetworkActivityIndicator(center: .default(in: runtime))
            state.withLock { $0.indicator = indicator }
        }
        if declaration.kind == .task {
            let manager = sessionManager
            if let name = declaration.creationThread, name != "main" {
                dispatch(thread(name), label: "dataTaskWithRequest: \(declaration.name) (line \(line))", line: line) {
                    self.declareTask(declaration, in: manager)
                }
            } else {
                declareTask(declaration, in: manager)
            }
            return
        }
        let server = server
        var request = HTTPRequest(method: declaration.method, url: server.url(declaration.pathAndQuery))
        if let timeout = declaration.timeout { request.timeout = timeout }
        let name = declaration.traceName
        let operation: URLConnectionOperation
        switch declaration.kind {
        case .http:
            let http = HTTPRequestOperation(request: request, server: server, fidelity: scenario.fidelity, name: name)
            if declaration.completion { http.setCompletionBlockWithSuccess({ _, _ in }, failure: { _, _ in }) }
            operation = http
        case .connection:
            operation = URLConnectionOperation(request: request, server: server, fidelity: scenario.fidelity, name: name)
            if declaration.completion { operation.completionBlock = {} }
        case .task:
            preconditionFailure("a task is declared by declareTask")
        }
        if let modes = declaration.modes { operation.runLoopModes = modes }
        if let stream = stream(declaration.stream) { operation.setOutputStream(stream) }
        if let redirect = declaration.redirect { operation.setRedirectResponseBlock(redirect.block) }
        keep(operation, as: declaration.name)
    }

    /// `op B = copy A` or `op B = archive A`, on main: `[A copy]` (``URLConnectionOperation/copy(named:)``),
    /// or A archived and unarchived (``URLConnectionOperation/encoded()``, which pauses A if
    /// it runs, then ``URLConnectionOperation/init(decoding:server:fidelity:name:)`` of A's
    /// class), named `op B` in the trace.
    func declareCopy(_ name: String, of source: String, archived: Bool) {
        let original = operation(source)
        let traceName = OperationDeclaration.traceName(of: name)
        let made: URLConnectionOperation
        if archived {
            let archive = original.encoded()
            made =
                original is HTTPRequestOperation
                ? HTTPRequestOperation(decoding: archive, server: server, fidelity: scenario.fidelity, name: traceName)
                : URLConnectionOperation(decoding: archive, server: server, fidelity: scenario.fidelity, name: traceName)
        } else {
            made = original.copy(named: traceName)
        }
        keep(made, as: name)
    }

    /// Keeps `operation` as the scenario's `name`, recording its progress calls under that
    /// name (a copy's progress block, copied from its original, is replaced by its own).
    private func keep(_ operation: URLConnectionOperation, as name: String) {
        operation.downloadProgress = { [weak self] read, total, expected in
            let call = ProgressCall(bytesRead: read, totalBytesRead: total, totalBytesExpected: expected)
            self?.state.withLock { $0.progressCalls[name, default: []].append(call) }
        }
        state.withLock { $0.operations.append((name, operation)) }
    }

    /// `op NAME = task …`: `[manager dataTaskWithRequest:completionHandler:]` on the
    /// scenario's one `AFURLSessionManager` (made on main with the first task), on the
    /// calling thread, which registers the task's delegate in its task id → delegate
    /// dictionary. The task is left suspended. A creation queue whose loop gets no
    /// descriptor (`EMFILE`) ends the run with the error.
    private func declareTask(_ declaration: OperationDeclaration, in manager: SessionManager) {
        var request = HTTPRequest(method: declaration.method, url: server.url(declaration.pathAndQuery))
        if let timeout = declaration.timeout { request.timeout = timeout }
        var handler: SessionManager.CompletionHandler?
        if declaration.completion { handler = { _, _, _ in } }
        do throws(RunLoopError) {
            let task = try manager.dataTask(with: request, completionHandler: handler)
            state.withLock { $0.tasks.append((declaration.name, task)) }
        } catch {
            error.fail(in: runtime)
        }
    }

    /// The scenario's one session manager, made on main by the first `task` line; a
    /// delegate queue whose loop gets no descriptor (`EMFILE`) ends the run with the error.
    var sessionManager: SessionManager {
        if let manager = state.withLock({ $0.sessionManager }) { return manager }
        do throws(RunLoopError) {
            let made = try SessionManager(server: server)
            state.withLock { $0.sessionManager = made }
            return made
        } catch {
            error.fail(in: runtime)
        }
    }

    /// `timer …`: adds a timer, first due one interval from now, to the thread's loop.
    func declare(_ declaration: TimerDeclaration) {
        let interval = declaration.repeats ? declaration.interval : .zero
        let timer = RunLoopTimer(fireAt: runtime.now() + declaration.interval, interval: interval, name: declaration.name) { _ in }
        let loop = RunLoop.of(thread(declaration.thread).thread)
        for mode in declaration.modes { loop.add(timer, forMode: mode) }
    }

    /// `observe …`: adds an observer that does nothing but appear in the trace.
    func declare(_ declaration: ObserverDeclaration) {
        let observer = RunLoopObserver(activities: declaration.activities, name: declaration.name) { _, _ in }
        let loop = RunLoop.of(thread(declaration.thread).thread)
        for mode in declaration.modes { loop.add(observer, forMode: mode) }
    }

    /// `source S on THREAD …`: a version-0 source whose perform does nothing but appear in
    /// the trace; `port P on THREAD …`: a port whose messages the loop drains. Each is added
    /// to the thread's loop in its modes.
    func declare(_ declaration: LoopSourceDeclaration, line: Int) {
        let loop = RunLoop.of(thread(declaration.thread).thread)
        switch declaration.kind {
        case .source:
            let source = RunLoopSource(name: declaration.name) {}
            for mode in declaration.modes { loop.add(source, forMode: mode) }
            state.withLock { $0.loopSources.append((declaration.name, source)) }
        case .port:
            let port = EventFDPort(name: declaration.name)
            do {
                for mode in declaration.modes { try loop.add(port, forMode: mode) }
            } catch {
                report(error.description, line: line)
            }
            state.withLock { $0.ports.append((declaration.name, port)) }
        }
    }

    /// The queue (the parser checked one is declared before any `enqueue`).
    var queue: LabOperationQueue {
        guard let queue = state.withLock({ $0.queue }) else { preconditionFailure("enqueue before the queue's declaration ran") }
        return queue
    }
}

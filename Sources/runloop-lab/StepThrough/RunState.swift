import LabRuntime

/// The state of a simulated run after its first events, folded from the trace alone: what
/// the demo's threads and operations panels show.
///
/// Folding is deterministic and works for any program: the same events give the same state,
/// and rows keep the order in which the trace first names them.
struct RunState: Sendable, Equatable {
    /// The threads that have started, by id.
    private(set) var threads: [ThreadPanelRow] = []
    /// The operations and session tasks, in the order the trace first names them.
    private(set) var operations: [OperationPanelRow] = []
    /// The thread that runs a source or port, learned from the first time it ran.
    private struct SourceOwner: Sendable, Equatable {
        let source: String
        let thread: LabThreadID
    }

    /// The owners learned so far, in the order they were learned.
    private var sourceOwners: [SourceOwner] = []
    /// Sources signalled before any thread was seen running them.
    private(set) var unclaimedSources: [String] = []

    /// The state after `events`, in order.
    init(folding events: some Sequence<TraceEvent>) {
        for event in events { apply(event) }
    }

    /// Updates the state with the next event.
    mutating func apply(_ event: TraceEvent) {
        if !threads.contains(where: { $0.id == event.thread }) {
            threads.append(ThreadPanelRow(id: event.thread, name: event.threadName))
            threads.sort { $0.id < $1.id }
        }
        let index = threads.firstIndex { $0.id == event.thread }!
        if case .exited = threads[index].activity {
        } else if !event.kind.keepsActivity {
            threads[index].activity = .running
        }
        applyToThreads(event, at: index)
        applyToOperations(event)
    }

    private mutating func applyToThreads(_ event: TraceEvent, at index: Int) {
        switch event.kind {
        case .threadExit:
            threads[index].activity = .exited
        case let .loopEntry(mode):
            threads[index].modes.append(mode)
        case .loopExit:
            _ = threads[index].modes.popLast()
        case let .loopWait(_, deadline):
            threads[index].activity = .waiting(deadline: deadline)
        case let .lockWait(lock, _, holder):
            threads[index].activity = .blocked(lock: lock, holder: holder)
        case let .lockAcquire(lock, _, depth):
            let name = Self.lockID(lock)
            if let held = threads[index].locks.firstIndex(where: { $0.name == name }) {
                threads[index].locks[held].depth = depth
            } else {
                threads[index].locks.append(ThreadPanelRow.HeldLock(name: name, depth: depth))
            }
        case let .lockRelease(lock, depth):
            let name = Self.lockID(lock)
            if let held = threads[index].locks.firstIndex(where: { $0.name == name }) {
                if depth <= 1 { threads[index].locks.remove(at: held) } else { threads[index].locks[held].depth = depth - 1 }
            }
        case let .performEnqueued(label, target, _):
            if let row = threads.firstIndex(where: { $0.id == target }) { threads[row].performs.append(label) }
        case let .performRun(label, _):
            if let queued = threads[index].performs.firstIndex(of: label) { threads[index].performs.remove(at: queued) }
        case let .sourceSignal(name), let .portSend(name):
            if let owner = sourceOwners.first(where: { $0.source == name }), let row = threads.firstIndex(where: { $0.id == owner.thread })
            {
                if !threads[row].sources.contains(name) { threads[row].sources.append(name) }
            } else if !unclaimedSources.contains(name) {
                unclaimedSources.append(name)
            }
        case let .sourcePerform(name, _), let .portPerform(name, _, _):
            if !sourceOwners.contains(where: { $0.source == name }) { sourceOwners.append(SourceOwner(source: name, thread: event.thread)) }
            threads[index].sources.removeAll { $0 == name }
            unclaimedSources.removeAll { $0 == name }
        case let .timerAdd(name, target, _, _):
            if let row = threads.firstIndex(where: { $0.id == target }), !threads[row].timers.contains(name) {
                threads[row].timers.append(name)
            }
        case let .timerInvalidate(name):
            for row in threads.indices { threads[row].timers.removeAll { $0 == name } }
        default:
            break
        }
    }

    private mutating func applyToOperations(_ event: TraceEvent) {
        switch event.kind {
        case let .operationState(operation, _, to, accepted):
            let row = operationRow(operation)
            if accepted { operations[row].state = to }
        case let .operationCancelled(operation):
            operations[operationRow(operation)].cancelled = true
        case let .connectionCreated(connection, _, delegate):
            let row = operationRow(delegate)
            operations[row].connection = "C\(connection)"
            if operations[row].state == "ready", delegate.hasPrefix("task ") { operations[row].state = "running" }
        case let .delegateCallback(connection, callback, delegate):
            guard let row = operations.firstIndex(where: { $0.connection == "C\(connection)" }) else { return }
            if !operations[row].reached.contains(delegate) { operations[row].reached.append(delegate) }
            let words = callback.split(separator: " ")
            switch words.first {
            case "didReceiveData":
                operations[row].bytes += words.dropFirst().first.flatMap { Int($0) } ?? 0
            case "didFinishLoading":
                operations[row].connectionEnded = true
                if operations[row].state == "running" { operations[row].state = "completed" }
            case "didFailWithError":
                operations[row].connectionEnded = true
                operations[row].error = OperationPanelRow.errorText(words.dropFirst().joined(separator: " "))
                if operations[row].state == "running" { operations[row].state = "completed" }
            case "URLSession:task:didCompleteWithError:":
                if let code = words.dropFirst().first, code != "nil" { operations[row].error = OperationPanelRow.errorText(String(code)) }
            default:
                break
            }
        case let .connectionCancelled(connection):
            guard let row = operations.firstIndex(where: { $0.connection == "C\(connection)" }) else { return }
            operations[row].connectionEnded = true
        case let .completion(operation, block):
            guard let row = operations.firstIndex(where: { $0.name == operation }) else { return }
            operations[row].completions.append(block)
        case let .cellAccess(cell, .store, value, _):
            // An error stored with no callback before it: `cancelConnection` before the
            // connection existed sets the error and finishes (UCO.m 502-519).
            guard value != "nil", let range = cell.range(of: " error of ") else { return }
            let operation = String(cell[range.upperBound...])
            guard let row = operations.firstIndex(where: { $0.name == operation }), operations[row].error == "none" else { return }
            operations[row].error = OperationPanelRow.errorText(stored: value)
        default:
            break
        }
    }

    /// The index of the row for `name`, made if it is new.
    private mutating func operationRow(_ name: String) -> Int {
        if let row = operations.firstIndex(where: { $0.name == name }) { return row }
        operations.append(OperationPanelRow(name: name))
        return operations.count - 1
    }

    /// `L2` for `L2 com.alamofire.networking.operation.lock`: the panel shows lock ids.
    static func lockID(_ lock: String) -> String {
        String(lock.prefix { $0 != " " })
    }
}

private extension TraceEvent.Kind {
    /// Whether the event says nothing about its thread being runnable: a `schedule` event
    /// is recorded by the thread that reached the point, which may be going to sleep.
    var keepsActivity: Bool {
        switch self {
        case .schedule, .threadExit, .clockAdvance: true
        default: false
        }
    }
}

import LabRuntime
import Synchronization

/// `NSOperationQueue`, with the slot rules AFNetworking depends on (spec §7).
///
/// - The queue starts an operation, on one of its worker lab threads, when the operation is
///   ready (``LabOperation/isReady``) and a slot is free. Operations are considered in the
///   order they were added; those that are not ready are skipped.
/// - A started operation holds its slot until ``LabOperation/isFinished`` is true, so a
///   paused operation keeps its slot.
/// - Cancelled operations count as ready, dependencies ignored (that is NSOperation's
///   `isReady`; AFNetworking's override still says no for a paused one).
/// - A manual `start` or `resume` bypasses the limit: the queue does not see it.
/// - The queue looks again whenever an operation is added, the limit changes, or one of its
///   operations emits `isReady` or `isFinished` KVO (synchronously, on the thread that
///   emitted it).
/// - An operation that finishes without the queue having started it is an inconsistency
///   (an iOS 6 crash was reported for it); the queue removes it and records a `note`.
///
/// Each operation's observer holds the queue, so a queue stays alive while any of its
/// operations does, as Foundation keeps a queue with pending work alive.
///
/// ``maxConcurrentOperationCount`` is −1 for no limit
/// (`NSOperationQueueDefaultMaxConcurrentOperationCount`). The workers are a
/// ``DispatchQueueModel`` of ``workerCount`` threads named after the queue; starting an
/// operation is a block on it.
public final class LabOperationQueue: Sendable {
    /// `NSOperationQueueDefaultMaxConcurrentOperationCount`: no limit.
    public static let defaultMaxConcurrentOperationCount = -1

    private struct Entry: Sendable {
        let operation: LabOperation
        var startedByQueue = false
    }

    private struct State: Sendable {
        var entries: [Entry] = []
        var maxConcurrent: Int
    }

    /// The queue's name, e.g. `"AFHTTPRequestOperationManager queue"`.
    public let name: String
    /// How many worker threads start operations.
    public let workerCount: Int
    private let runtime: any Runtime
    private let workers: DispatchQueueModel
    private let state: Mutex<State>

    /// A queue with `workerCount` worker threads under the caller's runtime.
    public init(name: String, maxConcurrentOperationCount: Int = LabOperationQueue.defaultMaxConcurrentOperationCount,
                workerCount: Int = 2) {
        precondition(maxConcurrentOperationCount == -1 || maxConcurrentOperationCount >= 0,
                     "maxConcurrentOperationCount is -1 (no limit) or non-negative")
        self.name = name
        self.workerCount = workerCount
        runtime = currentRuntime()
        workers = DispatchQueueModel(label: "NSOperationQueue \(name)", width: workerCount, runtime: runtime)
        state = Mutex(State(maxConcurrent: maxConcurrentOperationCount))
    }

    /// The most operations the queue keeps started at once; −1 for no limit. Changing it
    /// makes the queue look again.
    public var maxConcurrentOperationCount: Int {
        get { state.withLock { $0.maxConcurrent } }
        set {
            state.withLock { $0.maxConcurrent = newValue }
            startReadyOperations()
        }
    }

    /// The operations not yet finished, in the order added (`operations`).
    public var operations: [LabOperation] { state.withLock { $0.entries.map(\.operation) } }

    /// The number of operations not yet finished (`operationCount`).
    public var operationCount: Int { state.withLock { $0.entries.count } }

    /// Adds `operation` and starts it if it is ready and a slot is free (`addOperation:`).
    public func addOperation(_ operation: LabOperation) {
        operation.setOperationQueue(self)
        operation.addObserver { change in
            guard change.phase == .did, change.key == .isReady || change.key == .isFinished else { return }
            self.startReadyOperations()
        }
        state.withLock { $0.entries.append(Entry(operation: operation)) }
        startReadyOperations()
    }

    /// Adds each operation in order (`addOperations:waitUntilFinished:NO`).
    public func addOperations(_ operations: [LabOperation]) {
        for operation in operations { addOperation(operation) }
    }

    /// Whether the queue started `operation` and it still holds its slot.
    func holdsSlot(for operation: LabOperation) -> Bool {
        state.withLock { state in state.entries.contains { $0.operation === operation && $0.startedByQueue } }
    }

    /// Drops finished operations, then claims a slot for each ready operation while slots
    /// are free, and starts those on the workers.
    private func startReadyOperations() {
        let (toStart, unstarted) = state.withLock { state -> ([LabOperation], [LabOperation]) in
            let finished = state.entries.filter { $0.operation.isFinished }
            state.entries.removeAll { $0.operation.isFinished }
            var running = state.entries.filter(\.startedByQueue).count
            var toStart: [LabOperation] = []
            for index in state.entries.indices where !state.entries[index].startedByQueue {
                guard state.maxConcurrent < 0 || running < state.maxConcurrent else { break }
                guard state.entries[index].operation.isReady else { continue }
                state.entries[index].startedByQueue = true
                running += 1
                toStart.append(state.entries[index].operation)
            }
            return (toStart, finished.filter { !$0.startedByQueue }.map(\.operation))
        }
        for operation in unstarted {
            runtime.record(.note("\(name): \(operation.name) finished without being started by the queue"))
        }
        for operation in toStart {
            workers.async(label: "\(name): start \(operation.name)") { operation.start() }
        }
    }
}

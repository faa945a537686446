import LabRuntime
import RunLoopKit

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
        /// Nil once the operation has finished and left the queue (until compaction).
        var operation: LabOperation?
        var startedByQueue = false
    }

    private struct State: Sendable {
        /// In the order added; finished operations leave holes that compaction removes.
        var entries: [Entry] = []
        /// Where each operation's entry is: used only to look one up, never iterated, so an
        /// identity table rather than a dictionary hashing every key with SipHash.
        var positions = IdentityTable<Int>()
        /// The operations neither started by the queue nor finished, in the order added,
        /// from ``pendingStart`` on (those before it were claimed from the front; see
        /// ``trimPending()``). A look for ready operations walks a slice of it, which shares
        /// its storage: taking one costs a reference count, not a copy.
        var pending: [LabOperation] = []
        var pendingStart = 0
        /// Operations not yet finished.
        var count = 0
        /// Operations the queue started that have not finished: the slots in use.
        var running = 0
        var maxConcurrent: Int

        /// Adds `operation` at the end, unstarted; false if it is in the queue already.
        mutating func append(_ operation: LabOperation) -> Bool {
            guard positions.insert(entries.count, forKey: ObjectIdentifier(operation)) else { return false }
            entries.append(Entry(operation: operation))
            pending.append(operation)
            count += 1
            return true
        }

        /// Removes `operation`'s entry, if it has one; says whether the queue had started it.
        mutating func remove(_ operation: LabOperation) -> Bool? {
            guard let index = positions.removeValue(forKey: ObjectIdentifier(operation)) else { return nil }
            let started = entries[index].startedByQueue
            entries[index].operation = nil
            count -= 1
            if started { running -= 1 } else { dropPending(operation) }
            if entries.count > 64, count < entries.count / 2 { compact() }
            return started
        }

        /// Makes room for `added` more operations in the entries, the index and the
        /// unstarted list.
        mutating func reserveCapacity(forAdding added: Int) {
            entries.reserveCapacity(entries.count + added)
            positions.reserveCapacity(positions.count + added)
            pending.reserveCapacity(pending.count + added)
        }

        /// Whether the queue may start another operation.
        var hasFreeSlot: Bool { maxConcurrent < 0 || running < maxConcurrent }

        /// The operations not yet started by the queue, in the order added, as they are now.
        func candidates() -> ArraySlice<LabOperation> { pending[pendingStart...] }

        /// Takes a slot for `operation` if it is still in the queue, unstarted, and a slot is
        /// free; says whether it did.
        mutating func claim(_ operation: LabOperation) -> Bool {
            guard hasFreeSlot, let index = positions[ObjectIdentifier(operation)], !entries[index].startedByQueue else {
                return false
            }
            entries[index].startedByQueue = true
            running += 1
            dropPending(operation)
            return true
        }

        /// Takes `operation` out of ``pending``: at the front (the usual case) by moving
        /// ``pendingStart`` past it, elsewhere by removing it.
        private mutating func dropPending(_ operation: LabOperation) {
            if pendingStart < pending.count, pending[pendingStart] === operation {
                pendingStart += 1
            } else if let index = pending[pendingStart...].firstIndex(where: { $0 === operation }) {
                pending.remove(at: index)
            }
        }

        /// Drops the operations claimed from the front of ``pending`` once there are enough of
        /// them to be worth the move, so that it does not keep started operations (and their
        /// responses) alive. Called after a walk, when the walk's slice no longer shares the
        /// storage.
        mutating func trimPending() {
            guard pendingStart >= 64 || (pendingStart > 0 && pendingStart == pending.count) else { return }
            pending.removeFirst(pendingStart)
            pendingStart = 0
        }

        /// Drops the holes, keeping the order.
        private mutating func compact() {
            entries.removeAll { $0.operation == nil }
            positions.removeAll()
            for (index, entry) in entries.enumerated() {
                if let operation = entry.operation { positions.updateValue(index, forKey: ObjectIdentifier(operation)) }
            }
        }
    }

    /// The queue's name, e.g. `"AFHTTPRequestOperationManager queue"`.
    public let name: String
    /// How many worker threads start operations.
    public let workerCount: Int
    private let runtime: any Runtime
    private let workers: DispatchQueueModel
    private let state: VisibleMutex<State>

    /// A queue with `workerCount` worker threads under the caller's runtime.
    ///
    /// Live, throws `RunLoopError.systemCallFailed` when a worker's loop could not be set up
    /// (no descriptor left, `EMFILE`), with no worker left behind
    /// (``DispatchQueueModel/init(label:width:runtime:)``); Foundation's queue needs no
    /// descriptor and cannot fail to be made.
    public init(
        name: String, maxConcurrentOperationCount: Int = LabOperationQueue.defaultMaxConcurrentOperationCount,
        workerCount: Int = 2
    ) throws(RunLoopError) {
        precondition(
            maxConcurrentOperationCount == -1 || maxConcurrentOperationCount >= 0,
            "maxConcurrentOperationCount is -1 (no limit) or non-negative")
        self.name = name
        self.workerCount = workerCount
        runtime = currentRuntime()
        workers = try DispatchQueueModel(label: "NSOperationQueue \(name)", width: workerCount, runtime: runtime)
        state = VisibleMutex(State(maxConcurrent: maxConcurrentOperationCount), runtime: runtime)
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
    public var operations: [LabOperation] { state.withLock { $0.entries.compactMap(\.operation) } }

    /// The number of operations not yet finished (`operationCount`).
    public var operationCount: Int { state.withLock { $0.count } }

    /// Adds `operation` and starts it if it is ready and a slot is free (`addOperation:`).
    /// An operation may be in one queue once, as NSOperationQueue requires.
    public func addOperation(_ operation: LabOperation) {
        add(operation, makingRoomFor: 1)
    }

    /// Adds each operation in order (`addOperations:waitUntilFinished:NO`); the first one
    /// added makes room for them all, so that adding many grows no list or index step by
    /// step.
    public func addOperations(_ operations: [LabOperation]) {
        for (index, operation) in operations.enumerated() {
            add(operation, makingRoomFor: index == 0 ? operations.count : 1)
        }
    }

    /// ``addOperation(_:)``, making room for `count` operations (this one and those about
    /// to follow) under the same lock as the add.
    private func add(_ operation: LabOperation, makingRoomFor count: Int) {
        operation.setOperationQueue(self)
        operation.addObserver { change in
            guard change.phase == .did else { return }
            switch change.key {
            case .isFinished: self.startReadyOperations(finishing: change.operation)
            case .isReady: self.startReadyOperations()
            default: return
            }
        }
        let added = state.withLock { state in
            if count > 1 { state.reserveCapacity(forAdding: count) }
            return state.append(operation)
        }
        precondition(added, "\(name): \(operation.name) is already in the queue")
        startReadyOperations(finishing: operation)
    }

    /// Whether the queue started `operation` and it still holds its slot.
    func holdsSlot(for operation: LabOperation) -> Bool {
        state.withLock { state in state.positions[ObjectIdentifier(operation)].map { state.entries[$0].startedByQueue } ?? false }
    }

    /// Drops `finishing` if it has finished (the queue learns of every finish from the
    /// operation's `isFinished` KVO, and of an operation added finished when it is added),
    /// then claims a slot for each ready operation, in the order added, while slots are
    /// free, and starts those on the workers. An operation's predicates read its shared
    /// fields, each access a scheduling point, so they are read outside the queue's mutex
    /// and a slot is claimed only if it is still free.
    private func startReadyOperations(finishing: LabOperation? = nil) {
        var unstarted: LabOperation?
        if let finishing, finishing.isFinished, state.withLock({ $0.remove(finishing) }) == false { unstarted = finishing }
        // The first claimed operation is kept apart, so that starting one (a finish frees one
        // slot) allocates no list.
        var first: LabOperation?
        var others: [LabOperation] = []
        for operation in state.withLock({ $0.candidates() }) {
            guard state.withLock({ $0.hasFreeSlot }) else { break }
            guard operation.isReady, state.withLock({ $0.claim(operation) }) else { continue }
            if first == nil { first = operation } else { others.append(operation) }
        }
        if first != nil { state.withLock { $0.trimPending() } }
        if let unstarted {
            runtime.record(.note("\(name): \(unstarted.name) finished without being started by the queue"))
        }
        if let first { start(first) }
        for operation in others { start(operation) }
    }

    /// Starts `operation` on a worker.
    private func start(_ operation: LabOperation) {
        workers.async(label: "\(name): start \(operation.name)") { operation.start() }
    }
}

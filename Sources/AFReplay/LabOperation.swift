import LabRuntime
import RunLoopKit

/// `NSOperation`, with the semantics AFNetworking relies on (spec §2.5, §7).
///
/// - **Cancellation**: ``isCancelled`` and ``cancel()`` (`[super cancel]` sets the flag
///   and emits its KVO).
/// - **Dependencies**: ``addDependency(_:)``; ``isReady`` is true when every dependency has
///   finished, or when the operation is cancelled (cancelled operations count as ready,
///   dependencies ignored). When the last dependency finishes the operation emits `isReady`
///   KVO so that queues look again.
/// - **KVO**: ``willChangeValue(for:fileID:line:)`` / ``didChangeValue(for:fileID:line:)`` trace a `kvo` event and
///   call the observers (``addObserver(_:)``) synchronously on the calling thread, in
///   registration order.
/// - **Completion**: ``completionBlock`` runs once, when `isFinished` becomes true, on a
///   secondary thread: one of the two workers of the runtime's "NSOperation completion"
///   queue (a ``DispatchQueueModel``), as Apple's "typically a secondary thread". The
///   block is read at the moment `isFinished` turns true, and the operation is kept alive
///   until it returns; NSOperation does not nil it here,
///   since the replay relies only on AFNetworking's own nil-ing (spec §3.12).
/// - **Starting**: the default ``start()`` is a non-concurrent operation's: if cancelled it
///   just finishes; if ready it executes ``main()`` and finishes. Concurrent operations
///   (``URLConnectionOperation``) override ``start()``, ``isExecuting`` and ``isFinished``.
///
/// Operations are numbered in creation order within their runtime
/// (`nextID(.operation)`) and named `"op <n>"` unless given a name; the name is the
/// ``traceName`` every event uses.
open class LabOperation: TraceNamed, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: an open class cannot be checked; every mutable field lives in `core`, a
    // VisibleMutex, and subclasses keep theirs in VisibleMutexes too.
    private struct Core {
        var cancelled = false
        var executing = false
        var finished = false
        var dependencies: [LabOperation] = []
        /// Nearly always one (its queue's), which then allocates nothing.
        var observers = FirstInlineList<@Sendable (KeyValueChange) -> Void>()
        var completionBlock: (@Sendable () -> Void)?
        var completionFired = false
        weak var queue: LabOperationQueue?
    }

    /// Creation-order number within ``runtime``.
    public let id: Int
    /// The operation's name, e.g. `"op A"`.
    public let name: String
    /// The runtime the operation was created in: where it traces and finds its threads.
    public let runtime: any Runtime
    private let core: VisibleMutex<Core>

    /// The queue completion blocks run on, started when the first one fires. Live, when its
    /// workers get no descriptor (`EMFILE`) the process ends with the error named: the
    /// operation has finished and `didChangeValueForKey:` cannot fail, so nobody can be
    /// told (GCD's threads need no descriptor, so this is the lab's failure only).
    private static let completionQueues = RuntimeLocal("NSOperation completion") { runtime in
        OnceStarted { () throws(RunLoopError) in try DispatchQueueModel(label: "NSOperation completion", width: 2, runtime: runtime) }
    }

    /// A new operation in the caller's runtime, named `name` or `"op <id>"`.
    public convenience init(name: String? = nil) {
        self.init(identity: Identity(name: name))
    }

    /// A new operation with an identity its subclass made first, to name its own state.
    init(identity: Identity) {
        runtime = identity.runtime
        core = VisibleMutex(Core(), runtime: identity.runtime)
        id = identity.id
        name = identity.name
    }

    /// An operation's runtime, number and name, given out in creation order.
    struct Identity {
        let runtime: any Runtime
        let id: Int
        let name: String

        /// The next operation's identity in the caller's runtime, named `name` or `"op <id>"`.
        init(name: String?) {
            runtime = currentRuntime()
            id = runtime.nextID(.operation)
            self.name = name ?? "op \(id)"
        }
    }

    /// The name used in traces.
    public var traceName: String { name }

    /// The operation's name.
    public var description: String { name }

    // MARK: Predicates

    /// NSOperation's `isReady`: every dependency finished, or the operation cancelled.
    open var isReady: Bool {
        let (cancelled, dependencies) = core.withLock { ($0.cancelled, $0.dependencies) }
        return cancelled || dependencies.allSatisfy(\.isFinished)
    }

    /// NSOperation's `isExecuting` for a non-concurrent operation.
    open var isExecuting: Bool { core.withLock { $0.executing } }

    /// NSOperation's `isFinished` for a non-concurrent operation.
    open var isFinished: Bool { core.withLock { $0.finished } }

    /// NSOperation's `isCancelled` flag.
    public var isCancelled: Bool { core.withLock { $0.cancelled } }

    /// NSOperation's `isConcurrent`: false unless a subclass manages its own execution.
    open var isConcurrent: Bool { false }

    /// The operations this one waits for, in the order added.
    public var dependencies: [LabOperation] { core.withLock { $0.dependencies } }

    /// The queue the operation was added to, if any (NSOperation's private `_queue`).
    var operationQueue: LabOperationQueue? { core.withLock { $0.queue } }

    func setOperationQueue(_ queue: LabOperationQueue) {
        core.withLock { $0.queue = queue }
    }

    // MARK: Lifecycle

    /// NSOperation's `start` for a non-concurrent operation: a cancelled operation finishes
    /// without running; a ready one runs ``main()`` between `isExecuting` and `isFinished`
    /// KVO; otherwise nothing happens.
    open func start() {
        guard !isFinished, !isExecuting else { return }
        if isCancelled {
            willChangeValue(for: .isFinished)
            core.withLock { $0.finished = true }
            didChangeValue(for: .isFinished)
            return
        }
        guard isReady else { return }
        willChangeValue(for: .isExecuting)
        core.withLock { $0.executing = true }
        didChangeValue(for: .isExecuting)
        main()
        willChangeValue(for: .isFinished)
        willChangeValue(for: .isExecuting)
        core.withLock {
            $0.executing = false
            $0.finished = true
        }
        didChangeValue(for: .isExecuting)
        didChangeValue(for: .isFinished)
    }

    /// The work of a non-concurrent operation (`main`); empty by default.
    open func main() {}

    /// `-[NSOperation cancel]`: sets ``isCancelled`` once, with `isCancelled` KVO and, when
    /// that makes an operation with unfinished dependencies ready, `isReady` KVO. Traced as
    /// `operation.cancel`.
    open func cancel() {
        let (already, dependencies) = core.withLock { ($0.cancelled, $0.dependencies) }
        guard !already else { return }
        let readinessChanges = !dependencies.allSatisfy(\.isFinished)
        if readinessChanges { willChangeValue(for: .isReady) }
        willChangeValue(for: .isCancelled)
        core.withLock { $0.cancelled = true }
        runtime.record(.operationCancelled(operation: name))
        didChangeValue(for: .isCancelled)
        if readinessChanges { didChangeValue(for: .isReady) }
    }

    /// Makes this operation wait for `operation` (`addDependency:`). When every dependency
    /// has finished, this operation emits `isReady` KVO.
    public func addDependency(_ operation: LabOperation) {
        core.withLock { $0.dependencies.append(operation) }
        operation.addObserver { [weak self] change in
            guard let self, change.key == .isFinished, change.phase == .did, change.operation.isFinished,
                self.dependencies.allSatisfy(\.isFinished)
            else { return }
            self.willChangeValue(for: .isReady)
            self.didChangeValue(for: .isReady)
        }
    }

    // MARK: Completion block

    /// NSOperation's `completionBlock`: run once, on a secondary thread, when `isFinished`
    /// becomes true. ``URLConnectionOperation`` overrides the setter with AFNetworking's
    /// wrapper (spec §3.12).
    open var completionBlock: (@Sendable () -> Void)? {
        get { core.withLock { $0.completionBlock } }
        set { core.withLock { $0.completionBlock = newValue } }
    }

    // MARK: Key-value observing

    /// Registers `observer` for every KVO change of this operation; it is called
    /// synchronously on the mutating thread (`addObserver:forKeyPath:options:context:`).
    public func addObserver(_ observer: @escaping @Sendable (KeyValueChange) -> Void) {
        core.withLock { $0.observers.append(observer) }
    }

    /// `willChangeValueForKey:`: traces (at the caller's line) and notifies (now, or later
    /// when `deferKeyValueChange(_:)` holds it back).
    public func willChangeValue(for key: KeyValueChange.Key, fileID: StaticString = #fileID, line: UInt = #line) {
        emit(key, .will, at: CodeLocation(fileID: fileID, line: line))
    }

    /// `didChangeValueForKey:`: traces (at the caller's line) and notifies (now, or later
    /// when `deferKeyValueChange(_:)` holds it back); when `isFinished` has just become true,
    /// dispatches the completion block (once).
    public func didChangeValue(for key: KeyValueChange.Key, fileID: StaticString = #fileID, line: UInt = #line) {
        emit(key, .did, at: CodeLocation(fileID: fileID, line: line))
    }

    /// Holds a key-value notification emitted now back, to be delivered later, and says
    /// whether it did; `makeChange` is called only when it does. NSOperation never holds one
    /// back; ``URLConnectionOperation`` does in ``Fidelity/hardened`` while the calling thread
    /// holds its lock (deviation 10).
    func deferKeyValueChange(_ makeChange: () -> HeldKeyValueChange) -> Bool { false }

    private func emit(_ key: KeyValueChange.Key, _ phase: KeyValueChange.Phase, at location: CodeLocation) {
        guard !deferKeyValueChange({ HeldKeyValueChange(operation: self, key: key, phase: phase, location: location) })
        else { return }
        deliver(key, phase, at: location)
    }

    /// Notifies the observers of a change emitted now or held back until now, and runs the
    /// completion block when it says `isFinished` has become true.
    func deliver(_ key: KeyValueChange.Key, _ phase: KeyValueChange.Phase, at location: CodeLocation) {
        notify(key, phase, at: location)
        if phase == .did, key == .isFinished { fireCompletionIfFinished() }
    }

    private func notify(_ key: KeyValueChange.Key, _ phase: KeyValueChange.Phase, at location: CodeLocation) {
        runtime.record(.kvo(object: name, key: key.rawValue, phase: phase.rawValue), at: location)
        let change = KeyValueChange(operation: self, key: key, phase: phase)
        core.withLock { $0.observers }.forEach { observer in observer(change) }
    }

    private func fireCompletionIfFinished() {
        guard isFinished else { return }
        let block = core.withLock { core -> (@Sendable () -> Void)? in
            guard !core.completionFired else { return nil }
            core.completionFired = true
            return core.completionBlock
        }
        guard let block else { return }
        let name = name
        let runtime = runtime
        // NSOperation keeps the operation alive while its completion block runs, so a block
        // that holds it weakly (AFNetworking's wrapper) still finds it.
        Self.completionQueues.value(in: runtime).getOrFail(in: runtime).async(label: "completionBlock of \(name)") { [self] in
            runtime.record(.completion(operation: name, block: "completionBlock"))
            withExtendedLifetime(self) { block() }
        }
    }
}

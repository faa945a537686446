import LabRuntime
import NetSim
import RunLoopKit
import Synchronization

/// `AFURLConnectionOperation` of AFNetworking 2.6.3: an NSOperation whose connection lives
/// on the shared network thread (spec §1–§3.12).
///
/// The operation is faithful to UCO.m step by step under ``Fidelity/afn263``, races
/// included, and applies the fixes listed on ``Fidelity`` under ``Fidelity/hardened``.
///
/// - **State** (§2): ``state`` starts at ``OperationState/ready`` without KVO; every change
///   goes through `setState:` (validity per ``OperationState/isValidTransition(from:to:isCancelled:)``,
///   KVO will/did order under ``lock``). Cancellation is ``LabOperation/isCancelled``.
/// - **Lock** (§1.4): ``lock`` is a recursive lab lock named
///   `com.alamofire.networking.operation.lock`, of lock class `"operation lock"`.
/// - **Threads** (§1.3): ``start()``, ``cancel()``, ``pause()`` and ``resume()`` run on the
///   caller's thread; `operationDidStart`, `operationDidPause`, `cancelConnection`, `finish`
///   and the connection callbacks on the ``NetworkThread``, reached by the four
///   perform-on-thread hops with ``runLoopModes`` (`waitUntilDone: false`).
/// - **Main queue**: DidStart/DidFinish notifications (on the runtime's default
///   ``NotificationCenter``), ``downloadProgress`` and ``totalBytesRead`` (§3.10).
/// - **Completion** (§3.12): setting ``completionBlock`` installs AFNetworking's wrapper.
///
/// Properties that AFNetworking declares `nonatomic` and touches without its lock are
/// `OperationSharedFields` (lab cells), so each unlocked access is a scheduling point
/// and a traced `cell.*` event; the locked setters of UCO.m (`outputStream`,
/// `responseData`, `completionBlock`) take the lock around theirs. So their races are the
/// original's. The rest (the modes, the blocks) is behind a Swift mutex that only keeps
/// memory safe. The operation is the `ConnectionDelegate` of its connection, with
/// ``LabOperation/traceName`` as the name every callback is traced with.
public class URLConnectionOperation: LabOperation, ConnectionDelegate, @unchecked Sendable {
    // @unchecked: every mutable field lives in `storage`, a VisibleMutex, or in `shared`, lab cells.
    struct Storage {
        var sentRequests = FirstInlineList<HTTPRequest>()
        var redirects: [RedirectHop] = []
        var responseURL: LabURL?
        var redirectResponse: RedirectResponseBlock?
        var runLoopModes = RunLoopMode.commonOnly
        var downloadProgress: (@Sendable (Int, Int64, Int64) -> Void)?
        var completionQueue: (any LabDispatchQueue)?
        var completionGroup: DispatchGroupModel?
        var activityNotificationOutstanding = false
    }

    /// The block of `setRedirectResponseBlock:`: given the connection, the proposed request
    /// and the redirect response, it returns the request to send, or nil to refuse.
    public typealias RedirectResponseBlock = @Sendable (Connection, HTTPRequest, HTTPResponseHead) -> HTTPRequest?

    /// The name of every operation's lock (UCO.m 60).
    public static let lockName = "com.alamofire.networking.operation.lock"
    /// The lock class every operation's lock belongs to, for lock-order checking.
    public static let lockClass = "operation lock"

    /// Faithful to 2.6.3, or with the fixes of ``Fidelity/hardened``.
    public let fidelity: Fidelity
    /// The server the operation's connections dial.
    public let server: LoopbackServer
    /// `self.lock`: the recursive operation lock (an `NSRecursiveLock`).
    public var lock: any LabLock { operationLock }
    /// The same lock, with its power to hold key-value notifications back
    /// (``Fidelity/hardened``, deviation 10).
    let operationLock: OperationLock
    let storage: VisibleMutex<Storage>
    /// The fields 2.6.3 touches without the lock.
    let shared: OperationSharedFields
    /// How many completion blocks have been set (not nil), counted under ``lock`` by the
    /// setter: the trace names each wrapper's block apart (a batch wraps the block already
    /// set in a second one). Bookkeeping for the trace alone, so no scheduler sees it.
    private let completionBlocksSet = Mutex(0)

    /// `initWithRequest:` (spec §3.1): Ready (set directly, no KVO), a new recursive lock,
    /// ``runLoopModes`` = the common modes, the request stored. No output stream yet.
    public required init(request: HTTPRequest, server: LoopbackServer, fidelity: Fidelity = .afn263, name: String? = nil) {
        let identity = Identity(name: name)
        operationLock = OperationLock(
            named: Self.lockName, lockClass: Self.lockClass, runtime: identity.runtime,
            canDefer: fidelity == .hardened)
        storage = VisibleMutex(Storage(), runtime: identity.runtime)
        shared = OperationSharedFields(of: identity.name, request: request, runtime: identity.runtime)
        self.server = server
        self.fidelity = fidelity
        super.init(identity: identity)
    }

    /// The response serializer that `encodeWithCoder:` and `copyWithZone:` carry over: none
    /// for a plain operation; an ``HTTPRequestOperation`` carries its own (HRO.m's overrides).
    var carriedResponseSerializer: (any ResponseSerializer)? {
        get { nil }
        set {}
    }

    // MARK: Predicates (spec §2.5)

    /// The current ``OperationState`` (read without the lock, as UCO.m's getters do).
    public var state: OperationState { shared.state.load() }

    /// State Ready **and** NSOperation's readiness (dependencies finished, or cancelled).
    public override var isReady: Bool { state == .ready && super.isReady }

    /// State Executing.
    public override var isExecuting: Bool { state == .executing }

    /// State Finished.
    public override var isFinished: Bool { state == .finished }

    /// State Paused (AFNetworking's own predicate).
    public var isPaused: Bool { state == .paused }

    /// Whether a resumed connection continues the body where the paused one stopped (an
    /// ``HTTPRequestOperation``'s Range request) rather than restarting the request from its
    /// first byte (UCO.h: "resuming a paused request restarts the original request").
    var resumesWhereItLeftOff: Bool { false }

    /// Always true: the operation manages its own execution (`isConcurrent`).
    public override var isConcurrent: Bool { true }

    /// The error the operation ended with, if any (`error`).
    public var error: OperationError? { shared.error.load() }

    // MARK: Key-value observing (spec §1.4, §2.4)

    /// ``Fidelity/hardened`` (deviation 10): a key-value notification emitted while the
    /// emitting thread holds the operation lock is delivered right after that thread's
    /// outermost unlock, in order, so that observers never run under the lock. Only a
    /// hardened operation's lock can defer (and tracks its owner); 2.6.3's never does.
    override func deferKeyValueChange(_ makeChange: () -> HeldKeyValueChange) -> Bool {
        operationLock.deferIfHeld(makeChange)
    }

    // MARK: Lifecycle (spec §3.2, §3.4, §3.7)

    /// `start` (caller's thread, UCO.m 447-457, spec §3.2). Under the lock: if cancelled,
    /// enqueue `cancelConnection` on the network thread (the state is left alone, on every
    /// call); otherwise, if ready, set Executing and enqueue `operationDidStart`; otherwise
    /// do nothing (Executing, Paused, Finished, or dependencies unmet). Never calls super.
    public override func start() {
        lock.lock()
        if isCancelled {
            performOnNetworkThread("cancelConnection") { self.cancelConnection() }
        } else if isReady {
            setState(.executing)
            performOnNetworkThread("operationDidStart") { self.operationDidStart() }
        }
        lock.unlock()
    }

    /// `cancel` (caller's thread, UCO.m 490-500, spec §3.4). Under the lock, if neither
    /// finished nor already cancelled: `[super cancel]` (flag and KVO), then, only if
    /// Executing, enqueue `cancelConnection`. A Ready operation finishes only when someone
    /// starts it; a Paused one never finishes; a Finished one is left alone, not even
    /// flagged.
    ///
    /// ``Fidelity/hardened``: a Paused operation is resumed, so that it finishes with −999
    /// (deviation 3).
    public override func cancel() {
        lock.lock()
        if !isFinished, !isCancelled {
            super.cancel()
            if isExecuting {
                performOnNetworkThread("cancelConnection") { self.cancelConnection() }
            } else if fidelity == .hardened, isPaused {
                resume()
            }
        }
        lock.unlock()
    }

    /// `pause` (caller's thread, UCO.m 339-356, spec §3.7). Returns early, **before**
    /// locking, if paused, finished or cancelled. Under the lock: if Executing, enqueue
    /// `operationDidPause` and post DidFinish on main (pausing signals "finished" to the
    /// activity indicator); then set Paused (valid from Ready and Executing). A Ready
    /// operation that is paused stops being ready, so no queue starts it.
    ///
    /// ``Fidelity/hardened``: the early-return conditions are checked again under the lock
    /// (deviation 2), and DidFinish is posted only after an unmatched DidStart (deviation 5).
    public func pause() {
        if isPaused || isFinished || isCancelled { return }
        lock.lock()
        if fidelity == .hardened, isPaused || isFinished || isCancelled {
            lock.unlock()
            return
        }
        if isExecuting {
            performOnNetworkThread("operationDidPause") { self.operationDidPause() }
            postOnMain(.operationDidFinish)
        }
        setState(.paused)
        lock.unlock()
    }

    // MARK: Completion (spec §3.12)

    /// `setCompletionBlock:` (UCO.m 404-429, spec §3.12), under the lock.
    ///
    /// `nil` clears NSOperation's block. A block B installs a wrapper as NSOperation's
    /// block; NSOperation runs the wrapper once, on a secondary thread, when `isFinished`
    /// becomes true. The wrapper holds the operation weakly, then:
    /// 1. G = ``completionGroup`` or the shared `url_request_operation_completion_group`;
    ///    Q = ``completionQueue`` or the main queue;
    /// 2. `dispatch_group_async(G, Q, B)`;
    /// 3. `dispatch_group_notify(G, "com.alamofire.networking.operation.queue")`, which sets
    ///    the completion block to `nil`: the manual cycle-breaking. With the shared group this
    ///    waits for all completion work in the runtime that uses it.
    ///
    /// If the operation never finishes, the wrapper never runs and B is never released.
    /// Live, when `"com.alamofire.networking.operation.queue"` gets no descriptor for its
    /// workers (`EMFILE`), step 3 ends the process with the error named: the wrapper runs
    /// on NSOperation's completion thread, after B was dispatched, so nobody can be told
    /// (GCD's queue needs no descriptor, so this is the lab's failure only).
    public override var completionBlock: (@Sendable () -> Void)? {
        get { super.completionBlock }
        set {
            lock.lock()
            defer { lock.unlock() }
            guard let block = newValue else {
                super.completionBlock = nil
                return
            }
            let ordinal = completionBlocksSet.withLock { count in
                count += 1
                return count
            }
            let blockName = ordinal == 1 ? "completion block" : "completion block \(ordinal)"
            super.completionBlock = { [weak self] in
                guard let self else { return }
                let runtime = self.runtime
                let name = self.name
                let group = self.completionGroup ?? SharedDispatchObjects.urlRequestOperationCompletionGroup(in: runtime)
                let queue = self.completionQueue ?? MainQueue.shared(in: runtime)
                group.async(queue: queue, label: "\(blockName) of \(name)") {
                    runtime.record(.completion(operation: name, block: blockName))
                    block()
                }
                let nilling: DispatchQueueModel
                do throws(RunLoopError) {
                    nilling = try SharedDispatchObjects.urlRequestOperationCompletionQueue(in: runtime)
                } catch {
                    error.fail(in: runtime)
                }
                group.notify(
                    queue: nilling,
                    label: "setCompletionBlock:nil \(name)"
                ) {
                    runtime.record(.completion(operation: name, block: "setCompletionBlock:nil"))
                    self.completionBlock = nil
                }
            }
        }
    }
}

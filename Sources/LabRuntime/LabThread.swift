import CSystem
import Glibc
import Synchronization

/// A thread the lab knows about: CF's per-thread identity (the key of the run-loop
/// registry) and Foundation's `Thread`.
///
/// Lab threads are numbered in creation order within their runtime (``id``), named, and
/// joinable. RunLoopKit installs the thread's loop with ``installRunLoop(_:)`` and tears it down with
/// ``onExit(_:)``, whose handlers run on the thread itself just before it exits, like CF's
/// TSD destructor.
public final class LabThread: Sendable, CustomStringConvertible {
    /// Creation-order number within ``runtime``.
    public let id: LabThreadID
    /// The thread's name, e.g. `"AFNetworking"`.
    public let name: String
    /// The runtime that started (or adopted) the thread.
    public let runtime: any Runtime

    private struct Local {
        var exitHandlers: [@Sendable () -> Void] = []
    }
    private let local = Mutex(Local())
    @usableFromInline let exited = Atomic<Bool>(false)
    /// How many ``inspecting(_:)`` calls are open on this thread.
    private let inspectionDepth = Atomic<Int>(0)
    /// Live: the eventfd writes this thread holds back while its loop is busy. Only the
    /// thread itself touches them; the mutex is never contended.
    let heldWakeUps = Mutex(HeldWakeUps())
    /// Whether the thread has chosen to hold its wake-ups (``holdWakeUpsWhileBusy()``); read
    /// without the lock on every wake-up it sends.
    let choseToHoldWakeUps = Atomic<Bool>(false)

    /// Whether the thread is inside ``inspecting(_:)``: its cell accesses are then plain memory.
    public var isInspecting: Bool { inspectionDepth.load(ordering: .relaxed) > 0 }

    /// Runs `body` as the lab's own look at shared state, not as the program's work: inside
    /// it, this thread's ``LabCell`` and ``LabAtomic`` accesses are neither scheduling points
    /// nor trace events, so a snapshot (a scenario's `checkpoint`) is taken in one step and
    /// leaves the schedule as it was. `body` must not block or take lab locks.
    public func inspecting<Result>(_ body: () throws -> Result) rethrows -> Result {
        inspectionDepth.add(1, ordering: .relaxed)
        defer { inspectionDepth.subtract(1, ordering: .relaxed) }
        return try body()
    }

    /// The objects this thread reuses for every reply it waits for under one runtime (the
    /// live ``Runtime/replySemaphore(named:)``, a run loop's `waitUntilDone` waiter), one of
    /// each type: only this thread uses them, one wait at a time.
    private struct Replies {
        /// Which type and runtime each object is for: plain identifiers, so that a look-up
        /// touches no reference count.
        var keys: [(typeID: ObjectIdentifier, runtimeID: ObjectIdentifier)] = []
        /// The objects, in the order of ``keys``.
        var objects: [AnyObject & Sendable] = []
        /// Each key's runtime, never read: an unowned reference keeps the runtime's memory
        /// allocated (without keeping the runtime alive), so no later runtime can have the
        /// same identifier.
        var runtimes: [UnownedRuntime] = []
    }
    private struct UnownedRuntime {
        unowned let runtime: AnyObject
    }
    private let replies = Mutex(Replies())

    /// The calling thread's reply object of type `Object` under `runtime`, made with `make` on
    /// first use (or when the thread waits under another runtime than last time). For a
    /// caller that waits on it from this thread only, one wait at a time.
    @inlinable
    public static func callersReply<Object: AnyObject & Sendable>(for runtime: any Runtime, make: () -> Object) -> Object {
        let typeID = ObjectIdentifier(Object.self)
        if let kept = callersKeptReply(ofType: typeID, for: runtime) { return unsafeDowncast(kept, to: Object.self) }
        let made = make()
        keepCallersReply(made, ofType: typeID, for: runtime)
        return made
    }

    /// The calling thread's reply object of the type `typeID` names under `runtime`, if it
    /// keeps one; one kept under another runtime is forgotten.
    @usableFromInline
    static func callersKeptReply(ofType typeID: ObjectIdentifier, for runtime: any Runtime) -> AnyObject? {
        let runtimeID = ObjectIdentifier(runtime)
        return CurrentThreadSlot.withCurrent { thread in
            thread.replies.withLock { replies -> AnyObject? in
                guard let index = replies.keys.firstIndex(where: { $0.typeID == typeID }) else { return nil }
                if replies.keys[index].runtimeID == runtimeID { return replies.objects[index] }
                replies.keys.remove(at: index)
                replies.objects.remove(at: index)
                replies.runtimes.remove(at: index)
                return nil
            }
        }
    }

    /// Keeps `object` as the calling thread's reply object of the type `typeID` names under
    /// `runtime`.
    @usableFromInline
    static func keepCallersReply(_ object: AnyObject & Sendable, ofType typeID: ObjectIdentifier, for runtime: any Runtime) {
        CurrentThreadSlot.withCurrent { thread in
            thread.replies.withLock { replies in
                replies.keys.append((typeID, ObjectIdentifier(runtime)))
                replies.objects.append(object)
                replies.runtimes.append(UnownedRuntime(runtime: runtime))
            }
        }
    }

    /// Owns the run loop installed with ``installRunLoop(_:)``.
    private let runLoopOwner = Mutex<(AnyObject & Sendable)?>(nil)
    /// The same object's address (0 for none), for the lock-free read on every cross-thread
    /// perform; `runLoopOwner` keeps it alive.
    @usableFromInline let runLoopAddress = Atomic<Int>(0)

    /// The object RunLoopKit installed as this thread's run loop (CF's per-thread loop),
    /// or `nil`; lock-free.
    @inlinable public var runLoopObject: AnyObject? { unretainedRunLoopObject?.takeUnretainedValue() }

    /// The same object unretained, or `nil`: for a caller that holds this thread for as long
    /// as it uses the object, which the thread keeps alive, so that a cross-thread perform
    /// does not count a reference to the loop in and out; lock-free.
    @inlinable public var unretainedRunLoopObject: Unmanaged<AnyObject>? {
        UnsafeRawPointer(bitPattern: runLoopAddress.load(ordering: .acquiring)).map { Unmanaged<AnyObject>.fromOpaque($0) }
    }

    /// Installs `candidate` as the thread's run loop unless one is already installed, and
    /// returns the installed one. The thread keeps it for as long as the thread lives.
    public func installRunLoop(_ candidate: AnyObject & Sendable) -> AnyObject {
        runLoopOwner.withLock { owner in
            if let installed = owner { return installed }
            owner = candidate
            runLoopAddress.store(Int(bitPattern: Unmanaged<AnyObject>.passUnretained(candidate).toOpaque()), ordering: .releasing)
            return candidate
        }
    }

    /// Lets go of the installed run loop, which holds this thread: a finished simulation
    /// breaks the cycle this way, once none of its threads runs any more.
    func releaseRunLoop() {
        runLoopAddress.store(0, ordering: .releasing)
        let loop = runLoopOwner.withLock { owner in
            defer { owner = nil }
            return owner
        }
        withExtendedLifetime(loop) {}
    }

    init(id: LabThreadID, name: String, runtime: any Runtime) {
        self.id = id
        self.name = name
        self.runtime = runtime
    }

    /// `"T1 AFNetworking"`: how traces and reports name the thread.
    public var description: String { "T\(id) \(name)" }

    /// Whether the thread's body has returned and its exit handlers have run.
    @inlinable public var hasExited: Bool { exited.load(ordering: .acquiring) }

    /// Waits for the thread to exit (`pthread_join`). Under simulation the wait is a
    /// scheduling point, and joining a thread that never exits is reported as a deadlock.
    public func join() { runtime.join(self) }

    /// Registers `handler` to run on this thread when its body returns, before it is marked
    /// exited. Handlers run in registration order. On a thread that has already exited, the
    /// handler runs at once, on the caller's thread.
    public func onExit(_ handler: @escaping @Sendable () -> Void) {
        let alreadyExited = local.withLock { local -> Bool in
            let exited = exited.load(ordering: .acquiring)
            if !exited { local.exitHandlers.append(handler) }
            return exited
        }
        if alreadyExited { handler() }
    }

    /// Runs the exit handlers, then marks the thread exited. Called by the runtime on the
    /// thread itself.
    func runExitHandlers() {
        while let handler = local.withLock({ local -> (@Sendable () -> Void)? in
            if local.exitHandlers.isEmpty { exited.store(true, ordering: .releasing) }
            return local.exitHandlers.isEmpty ? nil : local.exitHandlers.removeFirst()
        }) {
            handler()
        }
    }

    /// The lab thread the caller runs on. A thread that no runtime started is adopted by
    /// ``LiveRuntime/shared`` on first use (as CF creates a loop for any pthread).
    public static var current: LabThread {
        if let found = CurrentThreadSlot.get() { return found }
        let adopted = LiveRuntime.shared.adoptCallingThread()
        CurrentThreadSlot.set(adopted)
        return adopted
    }

    /// The ``id`` of ``current``, read without retaining the thread: for a hot path that only
    /// compares it (`pthread_self()`).
    public static var currentID: LabThreadID { CurrentThreadSlot.withCurrent { $0.id } }

    /// Whether the caller runs on this thread (`pthread_equal(pthread_self(), thread)`),
    /// found without retaining ``current``.
    public var isCurrent: Bool { CurrentThreadSlot.withCurrent { $0 === self } }
}

/// The per-pthread slot that names the current ``LabThread``, per pthread so that two
/// simulations running side by side never see each other's threads. The current thread is
/// read from a C thread-local word (`csystem_current_lab_thread`), one load where
/// `pthread_getspecific` is a call; a pthread key holds the thread ``set(_:)`` retained,
/// so that its destructor releases it when the pthread exits.
enum CurrentThreadSlot {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            // The exiting pthread's word must not name the thread while (or after) it goes,
            // as glibc empties the key before calling this.
            csystem_current_lab_thread_set(nil)
            Unmanaged<LabThread>.fromOpaque(pointer!).release()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    static func get() -> LabThread? {
        guard let pointer = csystem_current_lab_thread_get() else { return nil }
        return Unmanaged<LabThread>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Calls `body` with ``LabThread/current``: the slot's thread borrowed rather than
    /// retained (the slot's owner keeps it alive while it is in the slot), or, when the slot
    /// is empty, the thread `current` adopts. For a hot path that only reads the thread.
    static func withCurrent<Result>(_ body: (LabThread) -> Result) -> Result {
        withCurrentIfKnown(body) ?? body(LabThread.current)
    }

    /// Calls `body` with the slot's thread, borrowed, or returns `nil` when the calling
    /// pthread is not a lab thread (and does not adopt it).
    static func withCurrentIfKnown<Result>(_ body: (LabThread) -> Result) -> Result? {
        guard let pointer = csystem_current_lab_thread_get() else { return nil }
        return Unmanaged<LabThread>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// Makes `thread` the current one for good, retained until the pthread exits or another
    /// thread is set.
    static func set(_ thread: LabThread) {
        if let old = pthread_getspecific(key) { Unmanaged<LabThread>.fromOpaque(old).release() }
        let retained = Unmanaged.passRetained(thread).toOpaque()
        pthread_setspecific(key, retained)
        csystem_current_lab_thread_set(retained)
    }

    /// Makes `thread` the current one without retaining it, and returns what the slot held
    /// (still owned by the slot's caller): a ``Simulation`` switching fibers on this pthread
    /// lends the slot each fiber's thread, which its `threads` keep alive, and gives the
    /// first value back with ``restore(_:)`` when the run is over.
    @discardableResult
    static func exchangeBorrowed(_ thread: LabThread) -> UnsafeMutableRawPointer? {
        let old = csystem_current_lab_thread_get()
        csystem_current_lab_thread_set(Unmanaged.passUnretained(thread).toOpaque())
        return old
    }

    /// Puts back a value that ``exchangeBorrowed(_:)`` returned.
    static func restore(_ value: UnsafeMutableRawPointer?) {
        csystem_current_lab_thread_set(value)
    }
}

import Glibc
import Synchronization

/// A thread the lab knows about: CF's per-thread identity (the key of the run-loop
/// registry) and Foundation's `Thread`.
///
/// Lab threads are numbered in creation order within their runtime (``id``), named, and
/// joinable. Upper layers hang per-thread state on them (the run loop) with
/// ``attachment(_:create:)`` and clean it up with ``onExit(_:)``, which run on the thread
/// itself just before it exits, like CF's TSD destructor.
public final class LabThread: Sendable, CustomStringConvertible {
    /// Creation-order number within ``runtime``.
    public let id: LabThreadID
    /// The thread's name, e.g. `"AFNetworking"`.
    public let name: String
    /// The runtime that started (or adopted) the thread.
    public let runtime: any Runtime

    private struct Local {
        var attachments: [(key: String, value: AnyObject & Sendable)] = []
        var exitHandlers: [@Sendable () -> Void] = []
        var hasExited = false
    }
    private let local = Mutex(Local())

    init(id: LabThreadID, name: String, runtime: any Runtime) {
        self.id = id
        self.name = name
        self.runtime = runtime
    }

    /// `"T1 AFNetworking"`: how traces and reports name the thread.
    public var description: String { "T\(id) \(name)" }

    /// Whether the thread's body has returned and its exit handlers have run.
    public var hasExited: Bool { local.withLock { $0.hasExited } }

    /// Waits for the thread to exit (`pthread_join`). Under simulation the wait is a
    /// scheduling point, and joining a thread that never exits is reported as a deadlock.
    public func join() { runtime.join(self) }

    /// The object stored under `key`, creating it with `create` on first use. This is how
    /// a run loop is created lazily, once per thread.
    public func attachment<T: AnyObject & Sendable>(_ key: String, create: () -> T) -> T {
        local.withLock { local in
            if let found = local.attachments.first(where: { $0.key == key }) {
                return found.value as! T
            }
            let made = create()
            local.attachments.append((key, made))
            return made
        }
    }

    /// The object stored under `key`, if any.
    public func existingAttachment<T: AnyObject & Sendable>(_ key: String, as type: T.Type) -> T? {
        local.withLock { local in local.attachments.first(where: { $0.key == key })?.value as? T }
    }

    /// Registers `handler` to run on this thread when its body returns, before it is marked
    /// exited. Handlers run in registration order. On a thread that has already exited, the
    /// handler runs at once, on the caller's thread.
    public func onExit(_ handler: @escaping @Sendable () -> Void) {
        let exited = local.withLock { local -> Bool in
            if !local.hasExited { local.exitHandlers.append(handler) }
            return local.hasExited
        }
        if exited { handler() }
    }

    /// Runs the exit handlers, then marks the thread exited. Called by the runtime on the
    /// thread itself.
    func runExitHandlers() {
        while let handler = local.withLock({ local -> (@Sendable () -> Void)? in
            if local.exitHandlers.isEmpty { local.hasExited = true }
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
}

/// The per-pthread slot that names the current ``LabThread``, in pthread TSD so that two
/// simulations running side by side never see each other's threads.
enum CurrentThreadSlot {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            Unmanaged<LabThread>.fromOpaque(pointer!).release()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    static func get() -> LabThread? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<LabThread>.fromOpaque(pointer).takeUnretainedValue()
    }

    static func set(_ thread: LabThread) {
        if let old = pthread_getspecific(key) { Unmanaged<LabThread>.fromOpaque(old).release() }
        pthread_setspecific(key, Unmanaged.passRetained(thread).toOpaque())
    }
}

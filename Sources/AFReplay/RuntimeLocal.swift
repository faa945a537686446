import LabRuntime

/// One value per ``Runtime``, created lazily and exactly once: the lab's `dispatch_once`
/// for AFNetworking's process-wide objects (the network thread, the shared dispatch groups
/// and queues, the main queue, the default notification center).
///
/// A process has one of each; the lab has one per runtime, because every simulation is a
/// process of its own. The value lives in the runtime's ``RuntimeLocals``, so it goes when
/// the runtime (or its run) does.
///
/// The first creation is guarded by a ``LabLock`` of the runtime (named
/// `"dispatch_once <name>"`), so creating the value may reach scheduling points (spawning a
/// thread) without blocking other simulations; later calls take the fast path, with no
/// lab lock, as `dispatch_once` does.
final class RuntimeLocal<Value: AnyObject & Sendable>: Sendable {
    /// The name of each runtime's `dispatch_once` lock, put together once rather than for
    /// every runtime.
    private let onceLockName: String
    private let create: @Sendable (any Runtime) -> Value

    /// A registry whose values are made by `create` under the `dispatch_once` lock named
    /// after `name`.
    init(_ name: String, create: @escaping @Sendable (any Runtime) -> Value) {
        onceLockName = "dispatch_once \(name)"
        self.create = create
    }

    /// `runtime`'s value, created on first use.
    func value(in runtime: any Runtime) -> Value {
        let slot = runtime.locals.value(for: ObjectIdentifier(self)) {
            RuntimeLocalSlot(once: runtime.makeLock(named: onceLockName), runtime: runtime)
        }
        // The slot under this registry's key holds only values `create` made.
        if let made = slot.value.withLock({ $0 }) { return unsafeDowncast(made, to: Value.self) }
        return slot.once.withLock {
            if let made = slot.value.withLock({ $0 }) { return unsafeDowncast(made, to: Value.self) }
            let made = create(runtime)
            slot.value.withLock { $0 = made }
            return made
        }
    }
}

/// Where a ``RuntimeLocal`` keeps its value in one runtime: the `dispatch_once` lock and the
/// value once made. Not generic, so that looking one up and releasing it with its runtime
/// need no generic metadata, which the Swift runtime would look up at every use.
private final class RuntimeLocalSlot: Sendable {
    let once: any LabLock
    let value: VisibleMutex<(AnyObject & Sendable)?>

    init(once: any LabLock, runtime: any Runtime) {
        self.once = once
        value = VisibleMutex(nil, runtime: runtime)
    }
}

import LabRuntime
import Synchronization

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
        if let made = slot.made(as: Value.self) { return made }
        return slot.once.withLock {
            if let made = slot.made(as: Value.self) { return made }
            let made = create(runtime)
            slot.keep(made)
            return made
        }
    }
}

/// Where a ``RuntimeLocal`` keeps its value in one runtime: the `dispatch_once` lock and the
/// value once made. Not generic, so that looking one up and releasing it with its runtime
/// need no generic metadata, which the Swift runtime would look up at every use.
private final class RuntimeLocalSlot: Sendable {
    let once: any LabLock
    /// The address of the value once made (0 before), retained by the slot: read with no
    /// lock, as `dispatch_once`'s fast path reads its predicate, and written once, under
    /// ``once``.
    private let address = Atomic<UInt>(0)
    /// The predicate's shared state, which each read and the one write touch, so that the
    /// race explorer sees a read depend on the write.
    private let predicate: VisibleMutex<Void>

    init(once: any LabLock, runtime: any Runtime) {
        self.once = once
        predicate = VisibleMutex((), runtime: runtime)
    }

    /// The value, if made, which is a `Value`: the one type its registry makes.
    func made<Value: AnyObject>(as _: Value.Type) -> Value? {
        predicate.noteAccess()
        guard let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) else { return nil }
        return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Keeps `made`, the value: once, under ``once``.
    func keep<Value: AnyObject>(_ made: Value) {
        predicate.noteAccess()
        address.store(UInt(bitPattern: Unmanaged.passRetained(made).toOpaque()), ordering: .releasing)
    }

    deinit {
        guard let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
}

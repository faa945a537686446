import Synchronization

/// A `Mutex` whose every critical section is an access to one object of the scheduler's
/// (``VisibleObject/state(_:)``): for state a lab object shares between threads behind a
/// plain lock, such as a run loop's queue of blocks (CF's `_blocks_head` under the loop
/// lock) or a source's signal, so that partial-order reduction orders two threads' looks
/// at it. Locking is no scheduling point: the access belongs to the transition running.
/// Off a simulation that observes transitions it is a plain `Mutex`: its methods are
/// inlinable, so that a module using one of its own value type specialises them.
public struct VisibleMutex<Value: ~Copyable>: ~Copyable, Sendable {
    @usableFromInline let mutex: Mutex<Value>
    /// The object its critical sections touch, numbered among the runtime's
    /// ``LabObjectKind/sharedState`` objects, for scheduling points that name it.
    public let object: LabObjectID
    @usableFromInline let observed: Bool

    /// A mutex holding `value`, touching `object` (a new ``LabObjectKind/sharedState``
    /// object of `runtime` by default) on every lock. Inlinable, so that a module making one
    /// of its own value type does not look up `Mutex<Value>`'s generic metadata each time.
    @inlinable
    public init(_ value: consuming sending Value, object: LabObjectID? = nil, runtime: any Runtime) {
        mutex = Mutex(value)
        self.object = object ?? LabObjectID(.sharedState, runtime.nextID(.sharedState))
        observed = runtime.observesAccesses
    }

    /// Runs `body` with the value locked, as `Mutex.withLock` does, and notes the access.
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        noteAccess()
        return try mutex.withLock(body)
    }

    /// Notes an access to the object without locking: for a flag kept beside the value.
    @inlinable
    public func noteAccess() {
        if observed { noteObservedAccess() }
    }

    /// Tells the running transition that it touches the object.
    @usableFromInline
    func noteObservedAccess() {
        VisibleObject(object)?.noteAccess()
    }
}

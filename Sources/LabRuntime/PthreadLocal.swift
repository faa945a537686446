import Glibc

/// One object per pthread, made at the pthread's first use and released when the pthread
/// exits: the storage behind what a search's runs on one pthread keep for the runs that
/// follow (the texts of trace names, the loopback server's response plans). Each pthread has
/// its own, so runs on different pthreads (a search's jobs) never share a reference count.
/// It is a `pthread_key_create` key whose destructor releases the object, the way
/// CoreFoundation keeps its per-thread data, a thread's run loop among it (`_CFGetTSD`).
///
/// Sendable because no value crosses pthreads: each pthread reaches only the object it made.
public final class PthreadLocal<Value: AnyObject>: Sendable {
    @usableFromInline let key: pthread_key_t
    @usableFromInline let make: @Sendable () -> Value

    /// Storage whose value on each pthread is `make()`'s, made at that pthread's first use.
    public init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            Unmanaged<AnyObject>.fromOpaque(pointer!).release()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        self.key = key
        self.make = make
    }

    /// Calls `body` with the calling pthread's value, made now if this is its first use,
    /// borrowed rather than retained: the pthread's key keeps it alive until the pthread
    /// exits.
    @inlinable
    public func withCurrent<Result>(_ body: (Value) -> Result) -> Result {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
        }
        let value = make()
        pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
        return body(value)
    }
}

import Synchronization

/// The values a ``Runtime`` keeps for the code above it, one per key, for as long as the
/// runtime lives: the storage behind process-wide statics such as AFNetworking's
/// `dispatch_once` network thread, of which every simulation (a process of its own) has
/// its own.
///
/// A ``Simulation`` empties its locals when its run is over, so that what they hold (threads,
/// queues, run loops) goes with the run.
///
/// A run keeps a handful of values (AFNetworking's few `dispatch_once` objects), so they are
/// kept in the order they were made and found by comparing keys, with no hashing; they are
/// also let go in that order.
public final class RuntimeLocals: Sendable {
    @usableFromInline let values: Mutex<[(key: ObjectIdentifier, value: any AnyObject & Sendable)]>

    /// Empty storage, with room for a run's handful of values made at once rather than
    /// grown into one by one.
    public init() {
        var room: [(key: ObjectIdentifier, value: any AnyObject & Sendable)] = []
        room.reserveCapacity(Self.room)
        values = Mutex(room)
    }

    /// The values a run usually makes: AFNetworking's network thread, main queue, default
    /// notification center and completion queues.
    private static let room = 8

    /// The value stored under `key`, made by `make` (under the storage's lock, so it must
    /// not block or reach a scheduling point) if there is none yet. Every call with one key
    /// must ask for the same `Value` type (a key is its owner's identity, as
    /// `ObjectIdentifier` of a registry object gives it), so the value found is taken as a
    /// `Value` without a dynamic cast (checked in debug builds). Inlinable, so that a
    /// caller's look-up is specialized for its value's type rather than generic.
    @inlinable
    public func value<Value: AnyObject & Sendable>(for key: ObjectIdentifier, make: () -> Value) -> Value {
        values.withLock { values in
            // By index, so that only the value found is retained, not each one passed.
            for index in values.indices where values[index].key == key {
                return unsafeDowncast(values[index].value, to: Value.self)
            }
            let made = make()
            values.append((key, made))
            return made
        }
    }

    /// Forgets every value. The values leave the lock and are released after it, since a
    /// value's deinit may take locks of its own.
    func removeAll() {
        _ = values.withLock { values in
            defer { values = [] }
            return values
        }
    }
}

import LabRuntime
import Synchronization

/// A plain shared variable of a classic-bug kernel, read and written without a lock: every
/// access is a scheduling point (a `yield` naming the access), so that the explorer can run
/// another thread between any two of them, as a preemptive scheduler could.
final class VisibleVariable<Value: Sendable>: Sendable {
    private let name: String
    private let storage: Mutex<Value>

    /// A variable called `name` holding `value`.
    init(_ name: String, _ value: Value) {
        self.name = name
        storage = Mutex(value)
    }

    /// Reads the value (a scheduling point first).
    func load() -> Value {
        currentRuntime().yield("read \(name)")
        return storage.withLock { $0 }
    }

    /// Writes `value` (a scheduling point first).
    func store(_ value: Value) {
        currentRuntime().yield("write \(name)")
        storage.withLock { $0 = value }
    }

    /// Compares and swaps in one step, as a hardware compare-and-swap does: writes `new`
    /// only if the value is `expected`; returns whether it did.
    func compareExchange(expected: Value, new: Value) -> Bool where Value: Equatable {
        currentRuntime().yield("cas \(name)")
        return storage.withLock { value in
            guard value == expected else { return false }
            value = new
            return true
        }
    }
}

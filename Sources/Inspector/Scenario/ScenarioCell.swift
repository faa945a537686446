import Synchronization

/// A value shared by the lab threads of one scenario run, behind a `Mutex`: the scenario's
/// program state (a counter, a flag). Under simulation only one lab thread runs at a time,
/// so the mutex is never contended; it is there for `Sendable`.
final class ScenarioCell<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) { storage = Mutex(value) }

    /// The current value.
    var value: Value { storage.withLock { $0 } }

    /// Changes the value and returns what `body` returns.
    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        storage.withLock { body(&$0) }
    }
}

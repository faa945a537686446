/// One key-value-observing notification about an operation: the `willChangeValueForKey:` /
/// `didChangeValueForKey:` pair NSOperation and AFNetworking emit around state changes.
///
/// KVO is delivered synchronously on the mutating thread. In ``Fidelity/afn263`` that is inside
/// the operation lock when the mutator holds it (spec §1.4, §7); ``Fidelity/hardened`` holds a
/// notification emitted under the lock and delivers it right after the outermost unlock
/// (deviation 10). Every change is also recorded as a `kvo` trace event.
public struct KeyValueChange: Sendable {
    /// The observable keys of an operation.
    public enum Key: String, Sendable, CaseIterable {
        /// NSOperation's `isReady`.
        case isReady
        /// NSOperation's `isExecuting`.
        case isExecuting
        /// NSOperation's `isFinished`: becoming true runs the completion block.
        case isFinished
        /// NSOperation's `isCancelled`.
        case isCancelled
        /// AFNetworking's own `isPaused` (not part of NSOperation, spec §2.2).
        case isPaused
    }

    /// Whether the value is about to change or has changed.
    public enum Phase: String, Sendable {
        /// `willChangeValueForKey:`.
        case will
        /// `didChangeValueForKey:`.
        case did
    }

    /// The operation whose value changes.
    public let operation: LabOperation
    /// Which value.
    public let key: Key
    /// Before or after.
    public let phase: Phase
}

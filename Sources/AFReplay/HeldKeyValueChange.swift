import LabRuntime

/// A key-value notification an ``OperationLock`` holds back until its owner's outermost
/// unlock (``Fidelity/hardened``, deviation 10): the operation, the key, the phase and the
/// line that emitted it. Kept as a value rather than a closure, so holding one allocates
/// nothing.
struct HeldKeyValueChange: Sendable {
    let operation: LabOperation
    let key: KeyValueChange.Key
    let phase: KeyValueChange.Phase
    let location: CodeLocation

    /// Delivers the notification now, as the operation would have when it was emitted.
    func deliver() {
        operation.deliver(key, phase, at: location)
    }
}

extension URLConnectionOperation {
    /// `setState:` (UCO.m 322-337, spec §2.4).
    ///
    /// 1. Validity is checked **before** the lock is taken, with the current state and
    ///    ``LabOperation/isCancelled`` (``Fidelity/hardened``: after taking it).
    /// 2. An invalid transition returns silently: no KVO (the trace still records it,
    ///    marked rejected).
    /// 3. Under the lock: willChange(new key), willChange(old key), assign, didChange(old
    ///    key), didChange(new key), where the old key is that of the state found under the
    ///    lock.
    ///
    /// Every in-library caller already holds the recursive lock, so in 2.6.3 the observers
    /// run under it. ``Fidelity/hardened`` checks validity under the lock (deviation 1) and
    /// delivers the notifications after the outermost unlock (deviation 10).
    func setState(_ newState: OperationState) {
        if fidelity == .hardened {
            lock.lock()
            guard acceptsTransition(to: newState) else {
                lock.unlock()
                return
            }
        } else {
            guard acceptsTransition(to: newState) else { return }
            lock.lock()
        }
        let oldState = state
        willChangeValue(for: newState.key)
        willChangeValue(for: oldState.key)
        shared.state.store(newState)
        runtime.record(.operationState(operation: name, from: oldState.description, to: newState.description, accepted: true))
        didChangeValue(for: oldState.key)
        didChangeValue(for: newState.key)
        lock.unlock()
    }

    /// `AFStateTransitionIsValid(self.state, state, [self isCancelled])`; a rejection is
    /// traced.
    private func acceptsTransition(to newState: OperationState) -> Bool {
        let current = state
        guard OperationState.isValidTransition(from: current, to: newState, isCancelled: isCancelled) else {
            runtime.record(.operationState(operation: name, from: current.description, to: newState.description, accepted: false))
            return false
        }
        return true
    }
}

/// How a primitive, holding the simulation's mutex, finds the record of the lab thread that
/// calls it.
extension Simulation {
    /// The record of the calling lab thread, which must be one of this simulation's. Mutex
    /// held.
    func currentLocked() -> SimulatedThread {
        withCurrentLocked { $0 }
    }

    /// Calls `body` with the record of the calling lab thread, which must be one of this
    /// simulation's, borrowed rather than retained: ``threads`` keeps it for the whole run.
    /// Mutex held.
    func withCurrentLocked<Result>(_ body: (SimulatedThread) -> Result) -> Result {
        guard let id = CurrentThreadSlot.withCurrent({ $0.runtime === self ? $0.id : nil }) else {
            preconditionFailure(
                "\(LabThread.current) is not a thread of this simulation; lab objects must be used from the lab threads of their own runtime"
            )
        }
        return Unmanaged.passUnretained(threads[id])._withUnsafeGuaranteedRef(body)
    }
}

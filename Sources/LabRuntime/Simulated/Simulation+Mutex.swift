import Glibc

/// The simulation's mutex, which every primitive holds while it changes the run's state, and
/// how code holding it appends to the run's trace.
extension Simulation {
    /// Takes the mutex. It is a flag rather than a `pthread_mutex_t`: every fiber of a run
    /// runs on the one pthread that called ``run(main:)``, and one that takes the mutex
    /// finds it free (the fiber that held it switched away with it, and the one that
    /// resumes is the holder now), so only a pthread outside the run ever waits for it, and
    /// it yields its processor until the run's pthread is between two scheduling points.
    /// At every point, that is one compare-exchange and one store rather than two calls.
    @inline(__always) func lockMutex() {
        while !mutexHeld.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged { sched_yield() }
    }

    /// Gives the mutex back (``lockMutex()``).
    @inline(__always) func unlockMutex() {
        mutexHeld.store(false, ordering: .releasing)
    }

    /// Appends an event by `thread` made by `kind`, if the trace is on. Mutex held.
    func appendLocked(
        _ thread: SimulatedThread, _ kind: @autoclosure () -> TraceEvent.Kind, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        if trace.isEnabled { appendLocked(thread, kind(), at: CodeLocation(fileID: fileID, line: line)) }
    }

    /// Appends `kind`, already made, moving it into the trace; for a caller that checked
    /// that the trace is on. Mutex held.
    func appendLocked(
        _ thread: SimulatedThread, made kind: consuming TraceEvent.Kind, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        trace.append(thread: thread.thread, time: now(), kind: kind, location: CodeLocation(fileID: fileID, line: line))
    }

    /// Appends an event recorded at `location`, on behalf of the caller of a lock or a
    /// semaphore. Mutex held.
    func appendLocked(_ thread: SimulatedThread, _ kind: @autoclosure () -> TraceEvent.Kind, at location: CodeLocation) {
        if trace.isEnabled { trace.append(thread: thread.thread, time: now(), kind: kind(), location: location) }
    }
}

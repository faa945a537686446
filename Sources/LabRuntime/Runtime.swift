/// The seam between lab code and the machine: everything that can start a thread, take a
/// lock, block, wake, read the clock or choose.
///
/// Code above `LabRuntime` (the run loop, the AFNetworking replay) reaches threads, locks
/// and time only through a `Runtime`, so it runs unchanged on ``LiveRuntime`` (pthreads,
/// mutexes, epoll, `CLOCK_MONOTONIC`) and on a ``Simulation`` (one thread at a time,
/// chosen by a seeded strategy, in virtual time). The runtime in force is the current lab
/// thread's: see ``currentRuntime()``.
public protocol Runtime: AnyObject, Sendable {
    /// Whether this runtime is live or simulated.
    var flavor: RuntimeFlavor { get }

    /// Everything observable that happened under this runtime.
    var trace: TraceRecorder { get }

    /// Appends an event by the current lab thread, recorded at `location`, if tracing is on;
    /// `kind` is only evaluated when it will be recorded. A requirement, so that a
    /// ``Simulation`` appends to its own recorder without fetching it through the protocol
    /// (and retaining it) at every event.
    func record(_ kind: @autoclosure () -> TraceEvent.Kind, at location: CodeLocation)

    /// Values kept for the code above the runtime, such as its `dispatch_once` statics.
    var locals: RuntimeLocals { get }

    /// The runtime's first thread: a simulation's "main" (T0); live, the first thread
    /// started or adopted (for ``LiveRuntime/shared``, the process's main thread). CF's main
    /// thread, whose loop is `CFRunLoopGetMain()`.
    var mainThread: LabThread? { get }

    /// The current instant: monotonic time live, virtual time simulated.
    func now() -> LabInstant

    /// Starts a lab thread that runs `body` (`pthread_create`; under simulation it first
    /// waits for the scheduler to choose it). The caller passes a scheduling point.
    func spawnThread(named name: String, _ body: @escaping @Sendable () -> Void) -> LabThread

    /// Blocks until `thread` has exited (`pthread_join`).
    func join(_ thread: LabThread)

    /// A new lock. `lockClass` groups locks for lock-order checking, the way lockdep does
    /// ("operation lock" for every operation's lock); it defaults to the name.
    func makeLock(named name: String, lockClass: String?, recursive: Bool) -> any LabLock

    /// A new counting semaphore (`dispatch_semaphore_t`).
    func makeSemaphore(named name: String, value: Int) -> any LabSemaphore

    /// A semaphore at zero for the calling thread to wait on once for a reply, such as a
    /// `waitUntilDone` perform's: a new one named `name`, or (live) the calling thread's own,
    /// reused from call to call since each call takes back the one signal it waits for.
    func replySemaphore(named name: @autoclosure () -> String) -> any LabSemaphore

    /// A new, empty set of file descriptors to wait on: CF's per-mode `__CFPortSet`.
    func makePortSet(named name: String) -> any PortSet

    /// An explicit scheduling point, recorded in the trace with `label`. Live, it does
    /// nothing but trace.
    func yield(_ label: String)

    /// A scheduling point before `operation`, a visible side effect such as a port signal,
    /// a socket write or a cell access, so that a simulation can run another thread first
    /// (see the contract on ``VisibleOperation``). Not traced itself: the effect that
    /// follows is. `label` is made only when a simulation has a choice to make there. Live,
    /// it does nothing.
    func schedulingPoint(before operation: VisibleOperation, _ label: @autoclosure () -> SchedulingPointLabel)

    /// Sleeps until `deadline`: live, on the monotonic clock; simulated, by letting virtual
    /// time reach it.
    func sleep(until deadline: LabInstant)

    /// Gives up on the calling lab thread because a system call it cannot do without failed
    /// (no thread left: `pthread_create`'s `EAGAIN`). A ``Simulation`` ends the run with
    /// ``SimulationOutcome/systemCallFailed(_:)``, for its caller to report; live, the
    /// process ends with the error named (``SystemCallError/exitProcess()``), as CF crashes.
    /// A descriptor that cannot be made goes through ``unavailableDescriptor(_:label:)``, so
    /// that whoever uses it learns of it; live, this ends the process for a missing
    /// descriptor only where nobody can be told, such as a kept-alive loop that loses one
    /// while it runs, or the queue that runs a finished operation's completion block.
    func fail(_ error: SystemCallError) -> Never

    /// Takes responsibility for closing `descriptor` when the runtime is done with it.
    func adopt(_ descriptor: LabFileDescriptor)

    /// The next number for an object of `kind`, in creation order within this runtime.
    func nextID(_ kind: LabObjectKind) -> Int

    /// Whether the runtime wants to hear of accesses to visible objects made between
    /// scheduling points (``noteAccess(_:)``): a simulation whose strategy observes
    /// transitions. Read once when an object is made, so that the others pay nothing.
    var observesAccesses: Bool { get }

    /// Notes that the calling lab thread's running transition touches `object` without a
    /// scheduling point of its own: a port drained, a descriptor closed, a run loop's queue
    /// read (see ``Transition``). Anything but a simulation observing transitions ignores it.
    func noteAccess(_ object: VisibleObject)
}

/// Which implementation a ``Runtime`` is.
public enum RuntimeFlavor: String, Sendable {
    /// Real threads running in parallel on the monotonic clock.
    case live
    /// One thread at a time, deterministic, in virtual time.
    case simulated
}

/// The kinds of lab object that are numbered in creation order.
public enum LabObjectKind: Int, CaseIterable, Sendable {
    case thread, lock, semaphore, portSet, port, source, timer, observer, block, connection, operation, cell
    /// The data path of a descriptor (``LabFileDescriptor/channel``): a port, a pipe, a
    /// socket pair.
    case channel
    /// State a lab object keeps behind a ``VisibleMutex``: a run loop's queue and modes, a
    /// source's signal, a timer's date.
    case sharedState
}

extension Runtime {
    /// What a port holds when its descriptor could not be made (`eventfd` or `pipe` failing
    /// with `EMFILE`): under a ``Simulation`` the run ends with `error` (``fail(_:)``); live,
    /// a closed descriptor carrying it (``LabFileDescriptor/init(failed:label:)``), so that
    /// adding the port to a loop, or running a loop that needs it, throws the error and the
    /// process goes on.
    public func unavailableDescriptor(_ error: SystemCallError, label: String) -> LabFileDescriptor {
        if flavor == .simulated { fail(error) }
        return LabFileDescriptor(failed: error, label: label)
    }

    /// A new semaphore at zero, named `name`: every wait for a reply has its own.
    public func replySemaphore(named name: @autoclosure () -> String) -> any LabSemaphore {
        makeSemaphore(named: name(), value: 0)
    }

    /// A non-recursive lock whose class is its name.
    public func makeLock(named name: String) -> any LabLock {
        makeLock(named: name, lockClass: nil, recursive: false)
    }

    /// Appends an event by the current lab thread, recorded at the caller's line, if tracing
    /// is on. `kind` is only evaluated when it will be recorded.
    @inlinable
    public func record(_ kind: @autoclosure () -> TraceEvent.Kind, fileID: StaticString = #fileID, line: UInt = #line) {
        record(kind(), at: CodeLocation(fileID: fileID, line: line))
    }

    /// Appends an event by the current lab thread, recorded at `location`, if tracing is on:
    /// for a helper that records on behalf of its caller. The recorder is fetched once.
    @inlinable
    public func record(_ kind: @autoclosure () -> TraceEvent.Kind, at location: CodeLocation) {
        let trace = trace
        if trace.isEnabled { trace.appendByCurrentThread(time: now(), kind: kind(), location: location) }
    }
}

/// The runtime of the calling lab thread; a thread that no runtime started belongs to
/// ``LiveRuntime/shared``.
public func currentRuntime() -> any Runtime {
    CurrentThreadSlot.withCurrent { $0.runtime }
}

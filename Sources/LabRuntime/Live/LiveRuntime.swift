import CSystem
import Glibc
import Synchronization

/// The live runtime: lab threads are pthreads, locks are pthread mutexes, waiting is epoll
/// on eventfds, pipes and sockets, and time is `CLOCK_MONOTONIC`.
///
/// This is what the demo's real-time mode and the benchmarks run on. Each instance has its
/// own trace and its own creation-order numbering; threads no runtime started belong to
/// ``shared``.
public final class LiveRuntime: Runtime {
    /// The runtime of threads that no runtime started (the process's main thread, test
    /// threads). Its trace starts off. Its main thread is the process's, once adopted, as
    /// CF's is (`pthread_main_np`), never another thread it adopts or starts.
    public static let shared = LiveRuntime(tracing: false, mainIsTheProcessMainThread: true)

    public let trace: TraceRecorder
    public let locals = RuntimeLocals()
    public var flavor: RuntimeFlavor { .live }

    private let epoch = MonotonicClock.nanoseconds()
    private let counters = ObjectIDCounters()
    private let handles = Mutex<[(thread: LabThreadID, handle: pthread_t)]>([])
    /// The first thread started or adopted, held weakly: the thread holds its runtime, so a
    /// strong reference here would keep both alive forever.
    private let firstThread = Mutex(WeakThread())
    /// Whether only the process's main thread may be the main thread (``shared``'s rule).
    private let mainIsTheProcessMainThread: Bool

    /// A live runtime; `tracing` sets whether its trace records events.
    public convenience init(tracing: Bool = true) {
        self.init(tracing: tracing, mainIsTheProcessMainThread: false)
    }

    private init(tracing: Bool, mainIsTheProcessMainThread: Bool) {
        trace = TraceRecorder(enabled: tracing)
        self.mainIsTheProcessMainThread = mainIsTheProcessMainThread
    }

    /// The first thread the runtime started or adopted, while it lives; for ``shared``, the
    /// process's main thread once adopted.
    public var mainThread: LabThread? { firstThread.withLock { $0.thread } }

    /// Notes `thread`, which is the process's main thread if `isProcessMain`, as the main
    /// thread if it is the first that may be.
    private func remember(_ thread: LabThread, isProcessMain: Bool = false) -> LabThread {
        guard isProcessMain || !mainIsTheProcessMainThread else { return thread }
        firstThread.withLock { first in
            if !first.isSet { first = WeakThread(thread) }
        }
        return thread
    }

    public func now() -> LabInstant {
        LabInstant(nanoseconds: MonotonicClock.nanoseconds() - epoch)
    }

    public func nextID(_ kind: LabObjectKind) -> Int {
        counters.next(kind)
    }

    public func spawnThread(named name: String, _ body: @escaping @Sendable () -> Void) -> LabThread {
        let thread = remember(LabThread(id: nextID(.thread), name: name, runtime: self))
        let handle = PThreadLauncher.launch {
            csystem_set_thread_name(name)
            CurrentThreadSlot.set(thread)
            self.record(.threadStart)
            body()
            thread.runExitHandlers()
            self.record(.threadExit)
        }
        handles.withLock { $0.append((thread.id, handle)) }
        return thread
    }

    public func join(_ thread: LabThread) {
        precondition(thread.runtime === self, "join: \(thread) belongs to another runtime")
        precondition(thread !== LabThread.current, "join: \(thread) cannot join itself")
        let handle = handles.withLock { handles -> pthread_t? in
            guard let index = handles.firstIndex(where: { $0.thread == thread.id }) else { return nil }
            return handles.remove(at: index).handle
        }
        guard let handle else {
            precondition(thread.hasExited, "join: \(thread) was adopted, not started, so it cannot be joined")
            return
        }
        record(.join(thread: thread.id))
        LabThread.ringCallersHeldWakeUps()
        pthread_join(handle, nil)
    }

    public func makeLock(named name: String, lockClass: String?, recursive: Bool) -> any LabLock {
        LiveLock(id: nextID(.lock), name: name, lockClass: lockClass ?? name, recursive: recursive, runtime: self)
    }

    public func makeSemaphore(named name: String, value: Int) -> any LabSemaphore {
        LiveSemaphore(id: nextID(.semaphore), name: name, value: value, runtime: self)
    }

    /// The calling thread's reply semaphore under this runtime, made on first use; a thread
    /// waits for one reply at a time, so the one futex serves all its `waitUntilDone` calls.
    public func replySemaphore(named name: @autoclosure () -> String) -> any LabSemaphore {
        LabThread.callersReply(for: self) {
            LiveSemaphore(id: nextID(.semaphore), name: "reply \(LabThread.current)", value: 0, runtime: self)
        }
    }

    public func makePortSet(named name: String) -> any PortSet {
        LivePortSet(id: nextID(.portSet), name: name, runtime: self)
    }

    public func yield(_ label: String) {
        record(.yield(label: label))
    }

    public func schedulingPoint(before operation: VisibleOperation, _ label: @autoclosure () -> SchedulingPointLabel) {}

    public var observesAccesses: Bool { false }

    public func noteAccess(_ object: VisibleObject) {}

    public func sleep(until deadline: LabInstant) {
        var target = timespec()
        let absolute = epoch + deadline.nanoseconds
        target.tv_sec = Int(absolute / 1_000_000_000)
        target.tv_nsec = Int(absolute % 1_000_000_000)
        LabThread.ringCallersHeldWakeUps()
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
    }

    public func fail(_ error: SystemCallError) -> Never { error.exitProcess() }

    public func adopt(_ descriptor: LabFileDescriptor) {}

    /// A ``LabThread`` for a pthread that no runtime started; the process's main thread is
    /// named "main".
    func adoptCallingThread() -> LabThread {
        let isMain = getpid() == csystem_gettid()
        let id = nextID(.thread)
        return remember(LabThread(id: id, name: isMain ? "main" : "thread-\(id)", runtime: self), isProcessMain: isMain)
    }
}

/// A weak reference to a ``LabThread`` that remembers whether one was ever set.
private struct WeakThread {
    weak var thread: LabThread?
    let isSet: Bool

    init(_ thread: LabThread? = nil) {
        self.thread = thread
        isSet = thread != nil
    }
}

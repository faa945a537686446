import Glibc
import Synchronization

/// A ``LabLock`` on a `pthread_mutex_t`: error-checking, or recursive for `NSRecursiveLock`.
final class LiveLock: LabLock, @unchecked Sendable {
    // @unchecked: `mutex` is only touched through pthread calls, which are thread-safe;
    // `depth` is only read or written by the thread that holds the mutex.
    let id: Int
    let name: String
    let lockClass: String
    let isRecursive: Bool
    private unowned let runtime: LiveRuntime
    /// The runtime's trace, held here so that an untraced lock or unlock asks it whether
    /// it is on without loading the unowned runtime (a strong retain and a release).
    private let trace: TraceRecorder
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let owner = Atomic<Int>(-1)
    private var depth = 0

    init(id: Int, name: String, lockClass: String, recursive: Bool, runtime: LiveRuntime) {
        self.id = id
        self.name = name
        self.lockClass = lockClass
        self.isRecursive = recursive
        self.runtime = runtime
        trace = runtime.trace
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(recursive ? PTHREAD_MUTEX_RECURSIVE : PTHREAD_MUTEX_ERRORCHECK))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock(at location: CodeLocation) {
        let me = LabThread.currentID
        if pthread_mutex_trylock(mutex) != 0 {
            let holder = owner.load(ordering: .relaxed)
            precondition(
                isRecursive || holder != me,
                "lock: \(traceName) is not recursive and T\(me) already holds it (self-deadlock)")
            if holder >= 0 { runtime.record(.lockWait(lock: traceName, lockClass: lockClass, holder: holder), at: location) }
            LabThread.ringCallersHeldWakeUps()
            let status = pthread_mutex_lock(mutex)
            precondition(status == 0, "lock: \(traceName): \(String(cString: strerror(status)))")
        }
        owner.store(me, ordering: .relaxed)
        depth += 1
        if trace.isEnabled { runtime.record(.lockAcquire(lock: traceName, lockClass: lockClass, depth: depth), at: location) }
    }

    /// Without a trace to record it in, an unlock by a thread that does not hold the lock
    /// writes NSLock's message to standard error instead.
    func unlock(at location: CodeLocation) -> Bool {
        let me = LabThread.currentID
        let holder = owner.load(ordering: .relaxed)
        guard holder == me else {
            if trace.isEnabled {
                runtime.record(.lockReleaseUnheld(lock: traceName, holder: holder >= 0 ? holder : nil), at: location)
            } else {
                let held = holder >= 0 ? "T\(holder) holds it" : "nobody holds it"
                let message = Array(
                    "*** -[NSLock unlock]: lock (\(traceName)) unlocked from thread \(LabThread.current), which did not lock it; \(held)\n"
                        .utf8)
                _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            }
            return false
        }
        if trace.isEnabled { runtime.record(.lockRelease(lock: traceName, depth: depth), at: location) }
        depth -= 1
        if depth == 0 { owner.store(-1, ordering: .relaxed) }
        pthread_mutex_unlock(mutex)
        return true
    }
}

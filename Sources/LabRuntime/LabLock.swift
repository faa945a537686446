/// A mutual-exclusion lock made by a ``Runtime``: `pthread_mutex_t` live, a scheduling point
/// with an owner under simulation. Mirrors `NSLock`, or `NSRecursiveLock` when
/// ``isRecursive`` (AFNetworking's `com.alamofire.networking.operation.lock`).
public protocol LabLock: AnyObject, Sendable {
    /// Creation-order number within the runtime.
    var id: Int { get }
    /// The lock's own name, e.g. `"operation lock A"`.
    var name: String { get }
    /// The class used for lock-order checking, e.g. `"operation lock"`.
    var lockClass: String { get }
    /// Whether the owner may take the lock again (`NSRecursiveLock`).
    var isRecursive: Bool { get }
    /// Blocks until the lock is held by the calling thread; the trace records the wait and
    /// the acquire at `location`.
    func lock(at location: CodeLocation)
    /// Releases one level of the lock, recorded at `location`, and returns true. Unlocking a
    /// lock the caller does not hold is a programming error that does not trap: the lock is
    /// left as it is, the trace records `lock.release-unheld` (the `lock-misuse` checker's
    /// violation), and the answer is false, as a pthread error-checking mutex answers `EPERM`
    /// and `-[NSLock unlock]` logs "unlocked from thread which did not lock it".
    @discardableResult
    func unlock(at location: CodeLocation) -> Bool
}

extension LabLock {
    /// Blocks until the lock is held by the calling thread (`[lock lock]`), recorded at the
    /// caller's line.
    public func lock(fileID: StaticString = #fileID, line: UInt = #line) {
        lock(at: CodeLocation(fileID: fileID, line: line))
    }

    /// Releases one level of the lock (`[lock unlock]`), recorded at the caller's line, and
    /// says whether the caller held it (see ``unlock(at:)``).
    @discardableResult
    public func unlock(fileID: StaticString = #fileID, line: UInt = #line) -> Bool {
        unlock(at: CodeLocation(fileID: fileID, line: line))
    }

    /// Runs `body` with the lock held, both recorded at the caller's line.
    public func withLock<T>(fileID: StaticString = #fileID, line: UInt = #line, _ body: () throws -> T) rethrows -> T {
        let location = CodeLocation(fileID: fileID, line: line)
        lock(at: location)
        defer { unlock(at: location) }
        return try body()
    }

    /// `"L3 operation lock A"`: how traces and reports name the lock.
    public var traceName: String { "L\(id) \(name)" }
}

/// A counting semaphore made by a ``Runtime`` (`dispatch_semaphore_t`).
public protocol LabSemaphore: AnyObject, Sendable {
    /// Creation-order number within the runtime.
    var id: Int { get }
    /// What the semaphore is for, e.g. `"waitUntilDone T1→T2"`.
    var name: String { get }
    /// Adds one and wakes a waiter if there is one, recorded at `location`.
    func signal(at location: CodeLocation)
    /// Blocks until the count is positive, then takes one, recorded at `location`.
    func wait(at location: CodeLocation)
}

extension LabSemaphore {
    /// Adds one and wakes a waiter if there is one (`dispatch_semaphore_signal`), recorded
    /// at the caller's line.
    public func signal(fileID: StaticString = #fileID, line: UInt = #line) {
        signal(at: CodeLocation(fileID: fileID, line: line))
    }

    /// Blocks until the count is positive, then takes one (`dispatch_semaphore_wait`),
    /// recorded at the caller's line.
    public func wait(fileID: StaticString = #fileID, line: UInt = #line) {
        wait(at: CodeLocation(fileID: fileID, line: line))
    }
}

/// A set of file descriptors to wait on, made by a ``Runtime``: CF's per-mode
/// `__CFPortSet` (an epoll instance on Linux).
public protocol PortSet: AnyObject, Sendable {
    /// Creation-order number within the runtime.
    var id: Int { get }
    /// Sets what `descriptor` is watched for (adding it, or replacing its interest); it is
    /// reported whenever it has that readiness. Fails with EBADF for a closed descriptor.
    func insert(_ descriptor: LabFileDescriptor, interest: Readiness) throws(SystemCallError)
    /// Adds a wake-up counter (a loop's eventfd wake port), reported once per write where
    /// the set can (edge-triggered epoll), and says whether the caller must still drain the
    /// counter after each report (true for a set that reports readiness while it lasts).
    func insertWakePort(_ descriptor: LabFileDescriptor) throws(SystemCallError) -> Bool
    /// Why the set could not be made (`epoll_create1` failing with `EMFILE`), or `nil`; a
    /// loop never waits on a set that has one.
    var creationError: SystemCallError? { get }
    /// Removes `descriptor`; removing one that is not in the set does nothing.
    func remove(_ descriptor: LabFileDescriptor)
    /// Blocks until a member is readable or `deadline` passes (`nil`: no deadline), and
    /// says which. Under simulation this is a scheduling point, and time may jump; a wait
    /// with no deadline that is still blocked when the run ends answers
    /// ``PortSetWaitResult/runOver``.
    func wait(until deadline: LabInstant?) -> PortSetWaitResult
    /// Releases the set's own resources (the epoll descriptor); members stay open.
    func close()
}

extension PortSet {
    /// Adds `descriptor`, watched for reading: a port or a socket's incoming bytes.
    public func insert(_ descriptor: LabFileDescriptor) throws(SystemCallError) {
        try insert(descriptor, interest: .readable)
    }

    /// A set that always exists.
    public var creationError: SystemCallError? { nil }

    /// Adds the wake port as a readable member that the caller drains after each report.
    public func insertWakePort(_ descriptor: LabFileDescriptor) throws(SystemCallError) -> Bool {
        try insert(descriptor)
        return true
    }
}

/// What a descriptor in a ``PortSet`` is ready for (`EPOLLIN`/`EPOLLOUT`, `POLLIN`/`POLLOUT`).
/// A hang-up or an error counts as both, so that a reader sees the end and a writer its error.
public struct Readiness: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bytes (or a message, or end of file) can be read.
    public static let readable = Readiness(rawValue: 1)
    /// Bytes can be written without blocking.
    public static let writable = Readiness(rawValue: 2)
}

/// Why ``PortSet/wait(until:)`` returned.
public enum PortSetWaitResult: Equatable, Sendable {
    /// This descriptor has (at least) this readiness, among what it is watched for.
    case ready(LabFileDescriptor, Readiness)
    /// The deadline passed first.
    case timedOut
    /// The simulation ended while the thread waited, and nothing will ever be ready: the
    /// caller unwinds (a run loop returns from every run), so that the thread's frames
    /// release what they hold. Only a ``Simulation`` answers it (live, a wait never ends
    /// this way).
    case runOver

    public static func == (a: PortSetWaitResult, b: PortSetWaitResult) -> Bool {
        switch (a, b) {
        case (.timedOut, .timedOut), (.runOver, .runOver): true
        case let (.ready(x, r), .ready(y, s)): x === y && r == s
        default: false
        }
    }
}

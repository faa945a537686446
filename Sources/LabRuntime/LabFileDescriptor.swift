import CSystem
import Glibc
import Synchronization

/// A file descriptor owned by the lab: closed exactly once, however many parties try.
///
/// Ports, port sets, pipes and sockets all hold one. A ``Simulation`` closes every
/// descriptor created during its run when the run ends, because threads parked forever
/// (a network thread never exits) never reach their own clean-up; the idempotent close
/// makes a later `deinit` harmless instead of closing a reused number.
public final class LabFileDescriptor: Sendable {
    private let state: Mutex<Int32>

    /// What the descriptor is for, for traces and error messages.
    public let label: String

    /// Takes ownership of `rawValue` and registers it with `runtime` (the current one by default).
    public init(adopting rawValue: Int32, label: String, runtime: (any Runtime)? = nil) {
        state = Mutex(rawValue)
        self.label = label
        (runtime ?? currentRuntime()).adopt(self)
    }

    /// The raw descriptor, or `nil` once closed.
    public var rawValue: Int32? {
        state.withLock { $0 >= 0 ? $0 : nil }
    }

    /// Whether ``close()`` has run.
    public var isClosed: Bool { rawValue == nil }

    /// Closes the descriptor if it is still open; later calls do nothing.
    public func close() {
        let fd = state.withLock { fd -> Int32 in
            defer { fd = -1 }
            return fd
        }
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    deinit { close() }
}

/// A system call that failed, with the call's name and `errno`.
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
    /// The name of the failing call, e.g. `"eventfd"`.
    public let call: String
    /// The `errno` it left.
    public let errno: Int32

    /// Captures `errno` for `call`.
    public init(_ call: String, errno: Int32 = csystem_errno()) {
        self.call = call
        self.errno = errno
    }

    /// The symbolic name of ``errno``, such as `"EMFILE"`, or `"errno 24"` for an unknown one.
    public var errnoName: String {
        csystem_errno_name(errno).map { String(cString: $0) } ?? "errno \(errno)"
    }

    /// Whether the call failed for want of descriptors: the process's limit (`EMFILE`) or
    /// the system's (`ENFILE`).
    public var isDescriptorExhaustion: Bool { errno == EMFILE || errno == ENFILE }

    public var description: String {
        "\(call) failed: \(String(cString: strerror(errno))) (\(errnoName))"
    }

    /// The description, with what to do about it when the descriptors ran out.
    public var explanation: String {
        description + (isDescriptorExhaustion ? " (raise the descriptor limit, e.g. `ulimit -n`, or run fewer jobs)" : "")
    }

    /// Ends the process with this error on standard error and exit status 71 (`EX_OSERR`),
    /// without a signal: for a descriptor a live lab thread cannot work without (a run
    /// loop's wake port, a port set's epoll instance) where no caller can be told. CF
    /// `CRASH`es in the same place (`__CFRunLoopCreate`); this names the cause, e.g.
    /// `EMFILE`, in every build. Under a simulation, ``Runtime/fail(_:)`` ends the run instead.
    public func exitProcess() -> Never {
        let message = Array("runloop-lab: \(explanation)\n".utf8)
        _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        _exit(71)
    }
}

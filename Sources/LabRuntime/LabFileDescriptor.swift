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

    public var description: String {
        "\(call) failed: \(String(cString: strerror(errno))) (errno \(errno))"
    }
}

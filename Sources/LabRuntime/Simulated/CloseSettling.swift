import CSystem
import Glibc

/// Settles the close of one end of a simulated socket pair: waits until the other end sees
/// the end of stream, so that the simulation, which checks readiness without blocking
/// (``SimulatedPortSet``), never decides on a state the kernel has not caught up with.
/// A socket pair delivers bytes within the sending call, but the end of stream only when the
/// last reference to the closed socket goes, which a child process between `fork` and
/// `exec` can delay. The wait is bounded: after ``limit`` the process ends, naming both ends.
enum CloseSettling {
    /// How long one `poll` waits, in milliseconds; a signal cuts it short.
    static let sliceMilliseconds: Int32 = 100
    /// How many slices the end of stream may take before the process gives up: 10 s.
    static let slices = 100

    /// Waits until `peer` (unless closed too) sees the end of stream of the end called `closed`.
    static func awaitEndOfStream(at peer: LabFileDescriptor, closed: String) {
        guard let fd = peer.rawValue else { return }
        awaitEndOfStream(at: fd, closed: closed, peer: peer.label)
    }

    /// Waits until the open descriptor `fd`, of the peer called `peer`, sees the end of
    /// stream of the end called `closed`.
    static func awaitEndOfStream(at fd: Int32, closed: String, peer: String) {
        for _ in 0..<slices {
            let ready = csystem_poll_end_of_stream(fd, sliceMilliseconds)
            if ready > 0 { return }
            if ready < 0, csystem_errno() != EINTR {
                SystemCallError("poll (settling the close of \(closed) for its peer \(peer))").exitProcess()
            }
        }
        SystemCallError(
            "settling the close of \(closed): its peer \(peer) saw no end of stream within 10 s", errno: ETIMEDOUT
        ).exitProcess()
    }
}

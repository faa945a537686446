/// What one non-blocking `recv` or `send` did: the outcomes a `CFSocket` callback sorts a
/// socket's readiness into.
enum SocketTransfer: Equatable {
    /// This many bytes (at least one) moved.
    case transferred(Int)
    /// Nothing can move now (`EAGAIN`): wait for readiness.
    case wouldBlock
    /// The peer closed its side (`recv` returned 0).
    case endOfStream
    /// The call failed with this `errno` (`ECONNRESET`, `EPIPE`, `ECONNREFUSED`, ...).
    case failed(Int32)
}

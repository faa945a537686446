/// Which loopback address a live ``LoopbackServer`` binds: the only two it may bind, so the
/// lab's server is never reachable from another machine.
public enum LoopbackAddress: String, Sendable, CaseIterable {
    /// `127.0.0.1` (`INADDR_LOOPBACK`).
    case ipv4 = "127.0.0.1"
    /// `::1` (`in6addr_loopback`).
    case ipv6 = "::1"
}

import Glibc

/// A loopback IPv4 or IPv6 socket address (`sockaddr_in` / `sockaddr_in6`), as
/// `CFSocketCopyAddress` returns it.
struct SocketAddress: Equatable, CustomStringConvertible {
    /// The numeric host, e.g. `127.0.0.1` or `::1`; empty for a family other than IP.
    let host: String
    /// The port, in host byte order.
    let port: Int

    /// The loopback `address` at `port`.
    init(_ address: LoopbackAddress, port: Int) {
        host = address.rawValue
        self.port = port
    }

    /// Reads an address filled in by `getsockname`, `getpeername` or `accept`.
    init(_ storage: sockaddr_storage) {
        var storage = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch Int32(storage.ss_family) {
        case AF_INET:
            var address = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in.self) }
            _ = inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count))
        case AF_INET6:
            var address = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in6.self) }
            _ = inet_ntop(AF_INET6, &address.sin6_addr, &text, socklen_t(text.count))
        default:
            break
        }
        port = Self.port(of: storage)
        host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The port of an address filled in by `accept`, in host byte order (0 for a family
    /// other than IP), without reading its host: the server names each accepted client by
    /// its port alone.
    static func port(of storage: sockaddr_storage) -> Int {
        switch Int32(storage.ss_family) {
        case AF_INET: Int(UInt16(bigEndian: withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in.self) }.sin_port))
        case AF_INET6: Int(UInt16(bigEndian: withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in6.self) }.sin6_port))
        default: 0
        }
    }

    /// `127.0.0.1:8080` or `[::1]:8080`.
    var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Calls `body` with the address as a `sockaddr` pointer and its length.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        if host == LoopbackAddress.ipv6.rawValue {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            address.sin6_addr = in6addr_loopback
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = INADDR_LOOPBACK.bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}

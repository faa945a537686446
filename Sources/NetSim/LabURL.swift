import LabRuntime

/// An `http` URL on the loopback interface: the part of `NSURL` that NSURLConnection reads
/// to open a socket (host, port) and to write the request line (path and query).
///
/// Only loopback literals are accepted as hosts (`127.0.0.1`, `localhost`, `::1` written
/// `[::1]`), so nothing in the lab can reach beyond the machine.
public struct LabURL: Sendable, Equatable, CustomStringConvertible {
    /// The host as written, without brackets: `127.0.0.1`, `localhost` or `::1`.
    public let host: String
    /// The TCP port; 80 when the URL names none.
    public let port: Int
    /// The path and query, starting with `/` (`NSURL.path` plus `?query`).
    public let pathAndQuery: String

    /// The loopback hosts a URL may name.
    static let loopbackHosts = ["127.0.0.1", "localhost", "::1"]

    /// Parses `http://host[:port][/path][?query]` (`+[NSURL URLWithString:]`); nil when the
    /// scheme is not `http`, the host is not a loopback literal, or the port is invalid.
    public init?(string: String) {
        guard string.hasPrefix("http://") else { return nil }
        let rest = string.dropFirst("http://".count)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let target = String(rest[authorityEnd...])
        let hostPart: Substring
        let portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { return nil }
            portPart = after.isEmpty ? nil : after.dropFirst()
        } else {
            let pieces = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            hostPart = pieces[0]
            portPart = pieces.count > 1 ? pieces[1] : nil
        }
        var port = 80
        if let portPart {
            guard !portPart.isEmpty, portPart.allSatisfy(\.isASCII), let value = Int(portPart), (1...65_535).contains(value) else {
                return nil
            }
            port = value
        }
        self.init(host: String(hostPart).lowercased(), port: port, pathAndQuery: target.hasPrefix("?") ? "/" + target : target)
    }

    /// A URL for `host` and `port` with `pathAndQuery` (empty means `/`); nil when the host
    /// is not a loopback literal or the port is out of range.
    public init?(host: String, port: Int, pathAndQuery: String = "/") {
        guard Self.loopbackHosts.contains(host), (1...65_535).contains(port) else { return nil }
        guard pathAndQuery.isEmpty || pathAndQuery.hasPrefix("/") else { return nil }
        guard !pathAndQuery.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "#") }) else { return nil }
        self.host = host
        self.port = port
        self.pathAndQuery = pathAndQuery.isEmpty ? "/" : pathAndQuery
    }

    /// Resolves `reference` against this URL, as `+[NSURL URLWithString:relativeToURL:]`
    /// does for AFNetworking's `baseURL`: an absolute `http://` URL stands alone, a path
    /// starting with `/` replaces the path, and anything else is appended to the base
    /// path's directory.
    public func resolving(_ reference: String) -> LabURL? {
        if reference.hasPrefix("http://") { return LabURL(string: reference) }
        if reference.hasPrefix("/") { return LabURL(host: host, port: port, pathAndQuery: reference) }
        let directory = path.hasSuffix("/") ? path : String(path[...(path.lastIndex(of: "/") ?? path.startIndex)])
        return LabURL(host: host, port: port, pathAndQuery: directory + reference)
    }

    /// The path without the query (`NSURL.path`, but `/` rather than empty).
    public var path: String {
        // The initialiser takes only printable ASCII in the path and query, so its bytes are its characters.
        guard let query = pathAndQuery.utf8.firstIndex(of: UInt8(ascii: "?")) else { return pathAndQuery }
        return String(pathAndQuery[..<query])
    }

    /// The query after `?`, if any (`NSURL.query`).
    public var query: String? {
        pathAndQuery.firstIndex(of: "?").map { String(pathAndQuery[pathAndQuery.index(after: $0)...]) }
    }

    /// The host as it appears in a URL or a `Host` header, bracketed for IPv6.
    public var hostForHeader: String {
        // Of the loopback hosts, only IPv6's has a colon.
        isIPv6 ? "[\(host)]" : host
    }

    /// Whether the host names IPv6 loopback.
    public var isIPv6: Bool { host == "::1" }

    /// `http://127.0.0.1:8080/path?query` (`absoluteString`).
    public var description: String {
        String {
            $0.write("http://")
            $0.write(hostForHeader)
            $0.write(":")
            $0.write(port)
            $0.write(pathAndQuery)
        }
    }
}

/// The protocol version of a status line, `HTTP/<major>.<minor>`; only major version 1 is
/// accepted, as NSURLConnection speaks HTTP/1.x on a plain socket.
public struct HTTPVersion: Sendable, Equatable {
    /// The major version, always 1 for a parsed response.
    public let major: Int
    /// The minor version, usually 0 or 1.
    public let minor: Int

    /// Creates a version.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }
}

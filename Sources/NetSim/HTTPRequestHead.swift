/// A request's line and header fields as the loopback server read them: what a server sees
/// of the bytes NSURLConnection wrote (`CFHTTPMessageCreateEmpty(..., true)` once complete).
struct HTTPRequestHead: Sendable, Equatable {
    /// The method, e.g. `GET`.
    let method: String
    /// The request target: path and query.
    let target: String
    /// The header fields in wire order.
    let headers: HTTPHeaders

    /// The target without its query, which is what routes match.
    var path: String {
        // The reader takes only printable ASCII in a target, so its bytes are its characters.
        guard let query = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return target }
        return String(target[..<query])
    }
}

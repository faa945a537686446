extension HTTPRequest {
    /// The fields the lab writes itself, replacing any of the caller's.
    private static let fieldsSetByTheLab = ["Host", "Content-Length", "Connection"]

    /// The request as HTTP/1.1 bytes, the way CFNetwork writes it to the socket: the
    /// request line, `Host`, the caller's fields in order, `Content-Length` when there is a
    /// body (or the method is one that carries one), and `Connection: close`, since the lab
    /// uses one connection per request. Fields the lab sets itself replace the caller's.
    /// Built straight into one byte array, since every connection writes it.
    public var wireBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 + body.count)
        func append(_ pieces: String...) {
            for piece in pieces { bytes.append(contentsOf: piece.utf8) }
        }
        append(method, " ", url.pathAndQuery, " HTTP/1.1\r\nHost: ", url.hostForHeader, ":", String(url.port), "\r\n")
        for field in headers.fields where !Self.fieldsSetByTheLab.contains(where: { field.hasName($0) }) {
            append(field.name, ": ", field.value, "\r\n")
        }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { append("Content-Length: ", String(body.count), "\r\n") }
        append("Connection: close\r\n\r\n")
        bytes.append(contentsOf: body)
        return bytes
    }
}

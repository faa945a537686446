extension HTTPRequest {
    /// The fields the lab writes itself, replacing any of the caller's.
    private static let fieldsSetByTheLab = ["Host", "Content-Length", "Connection"]

    /// The request as HTTP/1.1 bytes, the way CFNetwork writes it to the socket: the
    /// request line, `Host`, the caller's fields in order, `Content-Length` when there is a
    /// body (or the method is one that carries one), and `Connection: close`, since the lab
    /// uses one connection per request. Fields the lab sets itself replace the caller's.
    /// Built straight into one byte array, since every connection writes it, a piece at a
    /// time (no list of pieces is made for it).
    public var wireBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 + body.count)
        func append(_ piece: String) { bytes.append(contentsOf: piece.utf8) }
        append(method)
        append(" ")
        append(url.pathAndQuery)
        append(" HTTP/1.1\r\nHost: ")
        append(url.hostForHeader)
        append(":")
        append(String(url.port))
        append("\r\n")
        for field in headers.fields where !Self.fieldsSetByTheLab.contains(where: { field.hasName($0) }) {
            append(field.name)
            append(": ")
            append(field.value)
            append("\r\n")
        }
        if !body.isEmpty || Self.methodCarriesBody(method) {
            append("Content-Length: ")
            append(String(body.count))
            append("\r\n")
        }
        append("Connection: close\r\n\r\n")
        bytes.append(contentsOf: body)
        return bytes
    }

    /// Whether `method` is one that carries a body, so that its request says how long it is
    /// even when the body is empty.
    private static func methodCarriesBody(_ method: String) -> Bool {
        switch method {
        case "POST", "PUT", "PATCH": true
        default: false
        }
    }
}

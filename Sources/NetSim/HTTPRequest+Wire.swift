extension HTTPRequest {
    /// The request as HTTP/1.1 bytes, the way CFNetwork writes it to the socket: the
    /// request line, `Host`, the caller's fields in order, `Content-Length` when there is a
    /// body (or the method is one that carries one), and `Connection: close`, since the lab
    /// uses one connection per request. Fields the lab sets itself replace the caller's.
    public var wireBytes: [UInt8] {
        var fields = headers
        for name in ["Host", "Content-Length", "Connection"] { fields.removeValue(for: name) }
        var text = "\(method) \(url.pathAndQuery) HTTP/1.1\r\nHost: \(url.hostForHeader):\(url.port)\r\n"
        for field in fields.fields { text += "\(field.name): \(field.value)\r\n" }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { text += "Content-Length: \(body.count)\r\n" }
        text += "Connection: close\r\n\r\n"
        return Array(text.utf8) + body
    }
}

/// Parses a `name: value` header line (terminator already removed).
enum HTTPHeaderLine {
    static func parse(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPHeaderField {
        let parsed = line.withUnsafeBufferPointer { bytes in
            Result { () throws(HTTPParseError) in try parse(bytes) }
        }
        return try parsed.get()
    }

    /// Parses the line in one pass over its bytes: the name up to the colon, each byte
    /// checked as it is passed, then the value trimmed and checked.
    private static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> HTTPHeaderField {
        if let first = line.first, HTTPGrammar.isWhitespace(first) {
            throw .invalidHeaderLine("obs-fold continuation lines are not allowed")
        }
        var colon = 0
        var nameIsToken = true
        while colon < line.count, line[colon] != HTTPGrammar.colon {
            nameIsToken = nameIsToken && HTTPGrammar.isTokenByte(line[colon])
            colon += 1
        }
        guard colon < line.count else { throw .invalidHeaderLine("missing ':'") }
        guard colon > 0 else { throw .invalidHeaderLine("empty field name") }
        guard nameIsToken else { throw .invalidHeaderLine("invalid character in a field name") }
        let name = String(decoding: line[..<colon], as: UTF8.self)
        let value = HTTPGrammar.trimmed(line[(colon + 1)...])
        for byte in value where !HTTPGrammar.isTextByte(byte) {
            throw .invalidHeaderLine("control character in the value of '\(name)'")
        }
        return HTTPHeaderField(name: name, value: String(decoding: value, as: UTF8.self))
    }
}

import Glibc

/// Parses a `name: value` header line (terminator already removed).
enum HTTPHeaderLine {
    static func parse(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPHeaderField {
        let parsed = line.withUnsafeBufferPointer { bytes in
            Result { () throws(HTTPParseError) in try parse(bytes) }
        }
        return try parsed.get()
    }

    /// Parses a `name: value` header line (terminator already removed) where it lies.
    static func parse(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPParseError) -> HTTPHeaderField {
        try parse(UnsafeBufferPointer(rebasing: line))
    }

    /// The literal of the field name the loopback server sends, spelled as it spells it,
    /// that `bytes` hold, if any (``known(_:as:)``). Every such name is a token.
    private static func knownFieldName(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let candidate: String? =
            switch bytes.count {
            case 10: "Connection"
            case 12: "Content-Type"
            case 13: bytes.first == UInt8(ascii: "A") ? "Accept-Ranges" : "Content-Range"
            case 14: "Content-Length"
            case 17: "Transfer-Encoding"
            default: nil
            }
        return known(bytes, as: candidate)
    }

    /// The literal of the field value the loopback server sends verbatim (`close`, `bytes`,
    /// `chunked`, its content types) that `bytes` hold, if any (``known(_:as:)``). Every
    /// such value is text.
    private static func knownFieldValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let candidate: String? =
            switch bytes.count {
            case 5: bytes.first == UInt8(ascii: "b") ? "bytes" : "close"
            case 7: "chunked"
            case 10: "text/plain"
            case 24: "application/octet-stream"
            default: nil
            }
        return known(bytes, as: candidate)
    }

    /// `candidate`, a literal of as many bytes as `bytes`, when it has these bytes. A
    /// literal is neither copied nor validated (making every field's name and value from its
    /// bytes cost a string's validation, and a long one's allocation, for every field of
    /// every head), and its bytes need no checking: they are known to be valid.
    private static func known(_ bytes: UnsafeBufferPointer<UInt8>, as candidate: String?) -> String? {
        guard var known = candidate, known.withUTF8({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
        else { return nil }
        return known
    }

    /// Parses the line where it lies: the name up to the first colon (found with `memchr`),
    /// then the value trimmed. A name or value that is a known literal is taken as it is;
    /// any other is checked byte by byte and made into a string.
    private static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> HTTPHeaderField {
        guard let start = line.baseAddress, let first = line.first else { throw .invalidHeaderLine("missing ':'") }
        if HTTPGrammar.isWhitespace(first) {
            throw .invalidHeaderLine("obs-fold continuation lines are not allowed")
        }
        guard let found = memchr(start, Int32(HTTPGrammar.colon), line.count) else {
            throw .invalidHeaderLine("missing ':'")
        }
        let colon = UnsafeRawPointer(found) - UnsafeRawPointer(start)
        guard colon > 0 else { throw .invalidHeaderLine("empty field name") }
        let nameBytes = UnsafeBufferPointer(rebasing: line[..<colon])
        let name: String
        if let known = knownFieldName(nameBytes) {
            name = known
        } else {
            guard nameBytes.allSatisfy(HTTPGrammar.isTokenByte) else {
                throw .invalidHeaderLine("invalid character in a field name")
            }
            name = String(decoding: nameBytes, as: UTF8.self)
        }
        let valueBytes = UnsafeBufferPointer(rebasing: HTTPGrammar.trimmed(line[(colon + 1)...]))
        if let known = knownFieldValue(valueBytes) { return HTTPHeaderField(name: name, value: known) }
        for byte in valueBytes where !HTTPGrammar.isTextByte(byte) {
            throw .invalidHeaderLine("control character in the value of '\(name)'")
        }
        return HTTPHeaderField(name: name, value: String(decoding: valueBytes, as: UTF8.self))
    }
}

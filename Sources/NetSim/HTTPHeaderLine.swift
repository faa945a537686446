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

    /// `bytes` as a field name. A name the loopback server sends, spelled as it spells it,
    /// is that name's literal (``string(_:knownAs:)``).
    private static func fieldName(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let candidate: String? =
            switch bytes.count {
            case 10: "Connection"
            case 12: "Content-Type"
            case 13: bytes.first == UInt8(ascii: "A") ? "Accept-Ranges" : "Content-Range"
            case 14: "Content-Length"
            case 17: "Transfer-Encoding"
            default: nil
            }
        return string(bytes, knownAs: candidate)
    }

    /// `bytes` as a field value. A value the loopback server sends verbatim (`close`,
    /// `bytes`, `chunked`, its content types) is that value's literal (``string(_:knownAs:)``).
    private static func fieldValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let candidate: String? =
            switch bytes.count {
            case 5: bytes.first == UInt8(ascii: "b") ? "bytes" : "close"
            case 7: "chunked"
            case 10: "text/plain"
            case 24: "application/octet-stream"
            default: nil
            }
        return string(bytes, knownAs: candidate)
    }

    /// `bytes` as a string: `candidate`, a literal of as many bytes, when it has these
    /// bytes, since a literal is neither copied nor validated (making every field's name and
    /// value from its bytes cost a string's validation, and a long one's allocation, for
    /// every field of every head); otherwise a new string of them.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, knownAs candidate: String?) -> String {
        if var known = candidate, known.withUTF8({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
            return known
        }
        return String(decoding: bytes, as: UTF8.self)
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
        let name = fieldName(UnsafeBufferPointer(rebasing: line[..<colon]))
        let value = HTTPGrammar.trimmed(line[(colon + 1)...])
        for byte in value where !HTTPGrammar.isTextByte(byte) {
            throw .invalidHeaderLine("control character in the value of '\(name)'")
        }
        return HTTPHeaderField(name: name, value: fieldValue(UnsafeBufferPointer(rebasing: value)))
    }
}

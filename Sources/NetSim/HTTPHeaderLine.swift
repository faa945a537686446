/// Parses a `name: value` header line (terminator already removed).
enum HTTPHeaderLine {
    static func parse(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPHeaderField {
        if let first = line.first, HTTPGrammar.isWhitespace(first) {
            throw .invalidHeaderLine("obs-fold continuation lines are not allowed")
        }
        guard let colon = line.firstIndex(of: HTTPGrammar.colon) else {
            throw .invalidHeaderLine("missing ':'")
        }
        let name = line[..<colon]
        guard !name.isEmpty else { throw .invalidHeaderLine("empty field name") }
        guard name.allSatisfy(HTTPGrammar.isTokenByte) else {
            throw .invalidHeaderLine("invalid character in a field name")
        }
        let nameText = String(decoding: name, as: UTF8.self)
        let value = HTTPGrammar.trimmed(line[(colon + 1)...])
        guard value.allSatisfy(HTTPGrammar.isTextByte) else {
            throw .invalidHeaderLine("control character in the value of '\(nameText)'")
        }
        return HTTPHeaderField(name: nameText, value: String(decoding: value, as: UTF8.self))
    }
}

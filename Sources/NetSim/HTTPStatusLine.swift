/// A parsed `HTTP/1.x <code> [reason]` status line.
struct HTTPStatusLine: Equatable {
    let version: HTTPVersion
    let statusCode: Int
    let reason: String

    /// Parses a status line (terminator already removed).
    static func parse(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPStatusLine {
        var rest = line
        guard rest.starts(with: "HTTP/".utf8) else {
            throw .malformedStatusLine("does not start with 'HTTP/'")
        }
        rest = rest.dropFirst(5)
        guard rest.count >= 3, let major = HTTPGrammar.decimalValue(rest[rest.startIndex]),
            rest[rest.startIndex + 1] == UInt8(ascii: "."),
            let minor = HTTPGrammar.decimalValue(rest[rest.startIndex + 2])
        else { throw .malformedStatusLine("the version is not 'HTTP/<digit>.<digit>'") }
        guard major == 1 else { throw .malformedStatusLine("unsupported HTTP version \(major).\(minor)") }
        rest = rest.dropFirst(3)
        guard rest.first == HTTPGrammar.space else {
            throw .malformedStatusLine("missing space after the version")
        }
        rest = rest.dropFirst()
        let code = rest.prefix(3).compactMap(HTTPGrammar.decimalValue)
        guard code.count == 3, rest.dropFirst(3).first.map({ $0 == HTTPGrammar.space }) ?? true else {
            throw .malformedStatusLine("the status code is not three digits")
        }
        let statusCode = code[0] * 100 + code[1] * 10 + code[2]
        guard (100...599).contains(statusCode) else {
            throw .malformedStatusLine("status code \(statusCode) is outside 100...599")
        }
        let reason = rest.dropFirst(4)
        guard reason.allSatisfy(HTTPGrammar.isTextByte) else {
            throw .malformedStatusLine("control character in the reason phrase")
        }
        return HTTPStatusLine(
            version: HTTPVersion(major: major, minor: minor), statusCode: statusCode,
            reason: String(decoding: reason, as: UTF8.self))
    }
}

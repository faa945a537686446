/// A parsed `HTTP/1.x <code> [reason]` status line.
struct HTTPStatusLine: Equatable {
    let version: HTTPVersion
    let statusCode: Int
    let reason: String

    /// `HTTP/` as bytes, so that the check compares bytes rather than walking a string.
    private static let versionPrefix: [UInt8] = Array("HTTP/".utf8)

    /// Parses a status line (terminator already removed).
    static func parse(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPParseError) -> HTTPStatusLine {
        var rest = line
        guard rest.starts(with: versionPrefix) else {
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
        let digits = rest.prefix(3)
        guard digits.count == 3, digits.allSatisfy({ HTTPGrammar.decimalValue($0) != nil }),
            rest.dropFirst(3).first.map({ $0 == HTTPGrammar.space }) ?? true
        else {
            throw .malformedStatusLine("the status code is not three digits")
        }
        let statusCode = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
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

/// How a response body is delimited (RFC 9112 §6.3), as decided from the head.
enum HTTPBodyFraming: Equatable {
    /// No body: 204, 304, or a response to HEAD.
    case noBody
    /// Exactly this many bytes.
    case contentLength(Int)
    /// `Transfer-Encoding: chunked`.
    case chunked
    /// Everything until the connection closes.
    case untilClose

    /// Decides the framing of a final response and validates its Content-Length, which is
    /// returned separately because it is reported even when there is no body.
    static func resolve(
        statusCode: Int, headers: HTTPHeaders, requestWasHEAD: Bool
    ) throws(HTTPParseError) -> (framing: HTTPBodyFraming, contentLength: Int?) {
        let (contentLength, codings) = try framingFields(headers)
        if !codings.isEmpty {
            guard
                codings.map({ String(decoding: $0.map(HTTPGrammar.lowercased), as: UTF8.self) })
                    == ["chunked"]
            else {
                let text = codings.map { String(decoding: $0, as: UTF8.self) }
                throw .unsupportedTransferEncoding(text.joined(separator: ", "))
            }
            guard contentLength == nil else { throw .conflictingFraming }
        }
        if requestWasHEAD || statusCode == 204 || statusCode == 304 {
            return (.noBody, contentLength)
        }
        if !codings.isEmpty { return (.chunked, nil) }
        if let contentLength { return (.contentLength(contentLength), contentLength) }
        return (.untilClose, nil)
    }

    /// The fields that decide the framing, in one pass over the head in wire order: the
    /// agreed Content-Length (every value of every `Content-Length` field, which must all
    /// agree), and the comma-separated elements of every `Transfer-Encoding` value, trimmed,
    /// empty elements dropped. Fields are matched in place, so a head without either field
    /// allocates nothing. A bad Content-Length throws whatever follows, as the elements
    /// collected meanwhile throw nothing.
    private static func framingFields(
        _ headers: HTTPHeaders
    ) throws(HTTPParseError) -> (contentLength: Int?, codings: [[UInt8]]) {
        var agreed: Int?
        var codings: [[UInt8]] = []
        for field in headers.fields {
            if field.hasName("Content-Length") {
                agreed = try parseContentLength(field, agreed: agreed)
            } else if field.hasName("Transfer-Encoding") {
                var value = field.value
                value.withUTF8 { bytes in
                    codings += HTTPListElements(bytes).lazy.filter { !$0.isEmpty }.map { Array($0) }
                }
            }
        }
        return (agreed, codings)
    }

    /// `agreed` after the values of one `Content-Length` field, which must agree with it and
    /// with each other.
    private static func parseContentLength(_ field: HTTPHeaderField, agreed: Int?) throws(HTTPParseError) -> Int? {
        var agreed = agreed
        var value = field.value
        let parsed = value.withUTF8 { bytes in
            Result { () throws(HTTPParseError) in
                for element in HTTPListElements(bytes) {
                    let length = try parseLength(element)
                    if let agreed, agreed != length {
                        throw .conflictingContentLength(first: agreed, second: length)
                    }
                    agreed = length
                }
            }
        }
        try parsed.get()
        return agreed
    }

    /// The value as a length; the value's text is made only for an error that shows it.
    private static func parseLength(_ text: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPParseError) -> Int {
        var shown: String { String(decoding: text, as: UTF8.self) }
        guard !text.isEmpty else { throw .invalidContentLength("empty value") }
        if text.first == UInt8(ascii: "-"), text.count > 1,
            text.dropFirst().allSatisfy({ HTTPGrammar.decimalValue($0) != nil })
        {
            throw .invalidContentLength("negative value \(shown)")
        }
        var length = 0
        for byte in text {
            guard let digit = HTTPGrammar.decimalValue(byte) else {
                throw .invalidContentLength("'\(shown)' is not a decimal number")
            }
            guard let next = HTTPGrammar.appendDigit(digit, to: length, radix: 10) else {
                throw .invalidContentLength("\(shown) overflows")
            }
            length = next
        }
        return length
    }
}

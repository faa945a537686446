/// The loopback server's incremental reader of one request: the request line, the header
/// fields (within a size limit) and a `Content-Length` body, fed as bytes arrive.
///
/// A head longer than ``headLimit`` is refused with 431 (Request Header Fields Too Large);
/// a request line or header line that does not parse, or a bad `Content-Length`, with 400.
struct HTTPRequestReader {
    /// Where reading stands after some input.
    enum Progress: Equatable {
        /// The request is not complete yet.
        case needMore
        /// The whole request arrived; its body had this many bytes.
        case request(HTTPRequestHead, bodyBytes: Int)
        /// The request cannot be served; answer with `status` and close.
        case refused(status: Int, why: String)
    }

    /// The largest request head accepted, terminators included.
    static let headLimit = 8 * 1024
    /// The largest request body accepted.
    static let bodyLimit = 1 << 20

    private var buffer: [UInt8] = []
    private var head: HTTPRequestHead?
    private var bodyLength = 0
    private var outcome = Progress.needMore

    /// Takes the next bytes; once an outcome other than `needMore` is reached, it stays and
    /// further input is ignored.
    mutating func feed(_ bytes: some Collection<UInt8>) -> Progress {
        guard outcome == .needMore else { return outcome }
        buffer.append(contentsOf: bytes)
        if head == nil {
            guard let end = LineAccumulator.indexAfterBlankLine(in: buffer) else {
                if buffer.count > Self.headLimit { outcome = .refused(status: 431, why: "request head over \(Self.headLimit) bytes") }
                return outcome
            }
            guard end <= Self.headLimit else {
                outcome = .refused(status: 431, why: "request head over \(Self.headLimit) bytes")
                return outcome
            }
            do throws(HTTPParseError) {
                let parsed = try Self.parseHead(buffer[..<end])
                let length = parsed.headers["Content-Length"].map { Int($0) } ?? 0
                guard let length, (0...Self.bodyLimit).contains(length) else {
                    outcome = .refused(status: 400, why: "bad Content-Length")
                    return outcome
                }
                head = parsed
                bodyLength = length
                buffer.removeFirst(end)
            } catch {
                outcome = .refused(status: 400, why: error.description)
                return outcome
            }
        }
        if let head, buffer.count >= bodyLength { outcome = .request(head, bodyBytes: bodyLength) }
        return outcome
    }

    /// Parses a head that ends at its first blank line, reading lines and the request
    /// line's three parts in place.
    private static func parseHead(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPRequestHead {
        var rest = bytes
        let requestLine = nextLine(&rest)
        guard !requestLine.isEmpty else { throw .malformedStatusLine("empty request") }
        guard let firstSpace = requestLine.firstIndex(of: HTTPGrammar.space),
            let secondSpace = requestLine[(firstSpace + 1)...].firstIndex(of: HTTPGrammar.space)
        else { throw .malformedStatusLine("not 'METHOD /target HTTP/1.x'") }
        let method = requestLine[..<firstSpace]
        let target = requestLine[(firstSpace + 1)..<secondSpace]
        let version = requestLine[(secondSpace + 1)...]
        guard !method.isEmpty, method.allSatisfy(HTTPGrammar.isTokenByte),
            target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
            isHTTP1(version)
        else { throw .malformedStatusLine("not 'METHOD /target HTTP/1.x'") }
        var fields: [HTTPHeaderField] = []
        // Room for a usual request's fields at once, rather than growing from one.
        fields.reserveCapacity(8)
        while case let line = nextLine(&rest), !line.isEmpty {
            fields.append(try HTTPHeaderLine.parse(line))
        }
        return HTTPRequestHead(
            method: String(decoding: method, as: UTF8.self),
            target: String(decoding: target, as: UTF8.self), headers: HTTPHeaders(fields))
    }

    /// `HTTP/1.1` and `HTTP/1.0`, each as one 8-byte word.
    private static let http1Versions = ["HTTP/1.1", "HTTP/1.0"].map { version in
        Array(version.utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    /// Whether `version` is `HTTP/1.1` or `HTTP/1.0`: its eight bytes compared as one word.
    private static func isHTTP1(_ version: ArraySlice<UInt8>) -> Bool {
        guard version.count == 8 else { return false }
        return http1Versions.contains(version.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
    }

    /// Takes the next line off `rest`, without its LF and one CR before it; empty at the
    /// blank line and once `rest` is used up.
    private static func nextLine(_ rest: inout ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let next = LineAccumulator.indexAfterLF(in: rest, from: rest.startIndex)
        var line = next.map { rest[..<($0 - 1)] } ?? rest
        rest = rest[(next ?? rest.endIndex)...]
        if line.last == HTTPGrammar.cr { line = line.dropLast() }
        return line
    }
}

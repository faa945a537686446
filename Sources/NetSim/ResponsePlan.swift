import LabRuntime

/// How the loopback server answers one request: the response a ``RouteScript`` (or its
/// absence) calls for, with Range and If-Range applied, cut into timed writes, with the
/// script's fault injected. A pure value, so it is the same in both runtimes.
struct ResponsePlan: Sendable, Equatable {
    /// A one-line summary for the trace, e.g. `206 bytes 4-9/10` or `fault reset after 4 bytes`.
    let summary: String
    /// What to do, in order.
    let steps: [ResponseStep]

    /// What of a request a plan depends on, besides its route.
    struct Inputs: Equatable {
        let method: String
        let path: String
        let range: String?
        let ifRange: String?

        init(_ request: HTTPRequestHead) {
            method = request.method
            path = request.path
            range = request.headers["Range"]
            ifRange = request.headers["If-Range"]
        }
    }

    /// The plan for `request` on `route` (nil: no route, so 404).
    init(request: HTTPRequestHead, route: RouteScript?) {
        guard let route else {
            let body = Array("no route for \(request.method) \(request.path)\n".utf8)
            self.init(
                status: 404, fields: [("Content-Type", "text/plain")], body: body, chunkSizes: [], gap: .zero,
                chunked: false, isHEAD: request.method == "HEAD", fault: nil)
            return
        }
        var status = route.status
        var range = 0..<route.body.length
        var fields: [(String, String)] = []
        if let etag = route.etag { fields.append(("ETag", etag)) }
        if route.acceptsRanges { fields.append(("Accept-Ranges", "bytes")) }
        if route.acceptsRanges, status == 200, let requested = request.headers["Range"].flatMap(Self.firstByteRange),
            request.headers["If-Range"].map({ $0 == route.etag }) ?? true
        {
            let length = route.body.length
            if requested.first >= length {
                status = 416
                range = 0..<0
                fields.append(("Content-Range", "bytes */\(length)"))
            } else {
                status = 206
                range = requested.first..<min(length, (requested.last ?? length - 1) + 1)
                fields.append(("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(length)"))
            }
        }
        if let contentType = route.contentType, status != 416 { fields.append(("Content-Type", contentType)) }
        fields += route.extraHeaders.map { ($0.name, $0.value) }
        self.init(
            status: status, fields: fields, body: route.body.bytes(in: range), chunkSizes: route.chunkSizes,
            gap: route.gap, chunked: route.chunkedEncoding, isHEAD: request.method == "HEAD", fault: route.fault)
    }

    /// The plan for a request the server refuses to read further (400, 431).
    init(refusal status: Int) {
        self.init(
            status: status, fields: [("Content-Type", "text/plain")], body: Array("\(Self.reason(status))\n".utf8),
            chunkSizes: [], gap: .zero, chunked: false, isHEAD: false, fault: nil)
    }

    private init(
        status: Int, fields: [(String, String)], body: [UInt8], chunkSizes: [Int], gap: Duration,
        chunked: Bool, isHEAD: Bool, fault: ServerFault?
    ) {
        var fields = fields
        let lengthFault: Int? =
            switch fault {
            case let .contentLengthLonger(by): body.count + by
            case let .contentLengthShorter(by): max(0, body.count - by)
            default: nil
            }
        let useChunked = chunked && lengthFault == nil && !isHEAD
        fields.append(useChunked ? ("Transfer-Encoding", "chunked") : ("Content-Length", "\(lengthFault ?? body.count)"))
        fields.append(("Connection", "close"))
        // The head goes straight into its bytes, a piece at a time.
        var head: [UInt8] = []
        head.reserveCapacity(160)
        func add(_ piece: String) { head.append(contentsOf: piece.utf8) }
        if fault == .malformedStatusLine {
            add("HTTP/1.1 two-hundred OK\r\n")
        } else {
            add("HTTP/1.1 ")
            add(String(status))
            add(" ")
            add(Self.reason(status))
            add("\r\n")
        }
        for (name, value) in fields {
            add(name)
            add(": ")
            add(value)
            add("\r\n")
        }
        if case let .oversizedHeader(bytes) = fault { add("X-Padding: \(String(repeating: "a", count: bytes))\r\n") }
        if fault == .garbageHeaderLine { add("this is not a header line\r\n") }
        add("\r\n")

        var sent = isHEAD ? [] : body
        if case let .reset(after) = fault { sent = Array(sent.prefix(after)) }
        let pieces = Self.cut(sent, sizes: chunkSizes)
        var steps: [ResponseStep] = []
        steps.reserveCapacity(2 * pieces.count + 3)
        steps.append(.send(head))
        for (index, piece) in pieces.enumerated() {
            if index > 0, gap > .zero { steps.append(.pause(gap)) }
            var bytes = useChunked ? Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + [HTTPGrammar.cr, HTTPGrammar.lf] : piece
            if useChunked, index == pieces.count - 1, fault == nil { bytes += Array("0\r\n\r\n".utf8) }
            steps.append(.send(bytes))
        }
        if useChunked, pieces.isEmpty, fault == nil { steps.append(.send(Array("0\r\n\r\n".utf8))) }

        switch fault {
        case .closeBeforeHeaders:
            self.summary = "fault: close before headers"
            self.steps = [.close]
        case .stall:
            self.summary = "fault: stall"
            self.steps = [.stall]
        case .reset:
            self.summary = "\(status), fault: reset after \(sent.count) of \(body.count) body bytes"
            steps.append(.reset)
            self.steps = steps
        default:
            let faultNote = fault.map { ", fault: \($0)" } ?? ""
            self.summary = String {
                $0.write(status)
                if isHEAD {
                    $0.write(" head only")
                } else {
                    $0.write(" ")
                    $0.write(body.count)
                    $0.write(" body bytes in ")
                    $0.write(pieces.count)
                    $0.write(" writes")
                }
                $0.write(faultNote)
            }
            steps.append(.close)
            self.steps = steps
        }
    }

    /// The first and (optional) last byte of a single `bytes=first-[last]` range; nil for
    /// any other form, which the server ignores (RFC 9110: serve the whole entity).
    static func firstByteRange(_ value: String) -> (first: Int, last: Int?)? {
        guard value.hasPrefix("bytes=") else { return nil }
        let spec = value.dropFirst("bytes=".count)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int(parts[0]), first >= 0 else { return nil }
        if parts[1].isEmpty { return (first, nil) }
        guard let last = Int(parts[1]), last >= first else { return nil }
        return (first, last)
    }

    /// `bytes` cut into pieces of `sizes`, the last size repeating; one piece when `sizes`
    /// is empty, none when `bytes` is.
    private static func cut(_ bytes: [UInt8], sizes: [Int]) -> [[UInt8]] {
        guard !bytes.isEmpty else { return [] }
        guard let lastSize = sizes.last else { return [bytes] }
        var pieces: [[UInt8]] = []
        var offset = 0
        while offset < bytes.count {
            let size = pieces.count < sizes.count ? sizes[pieces.count] : lastSize
            pieces.append(Array(bytes[offset..<min(bytes.count, offset + size)]))
            offset += size
        }
        return pieces
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 416: "Range Not Satisfiable"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}

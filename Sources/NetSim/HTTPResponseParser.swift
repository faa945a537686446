/// An incremental HTTP/1.1 response parser: the reading half of what NSURLConnection (through
/// CFHTTPMessage) does before it sends `connection:didReceiveResponse:`,
/// `connection:didReceiveData:` and `connectionDidFinishLoading:` or
/// `connection:didFailWithError:`.
///
/// Feed it chunks of any size with ``feed(_:)`` and signal end of stream with ``finish()``;
/// each call returns the ``HTTPResponseEvent``s it produced. The events form the same
/// sequence however the input is split, except that body bytes may be cut differently.
/// Exactly one response is parsed: 1xx interim heads are skipped; bytes after the end of the
/// message are ignored. After an error, or once the message is complete, input is ignored
/// and the outcome stays. The parser is a value with no threads, clocks or I/O.
public struct HTTPResponseParser: Sendable {
    private enum State: Equatable {
        case statusLine
        case headerLines(HTTPStatusLine)
        case body(remaining: Int)
        case chunkSizeLine
        case chunkData(remaining: Int)
        case chunkDataEnd(sawCR: Bool)
        case trailerLines
        case untilClose
        case complete
        case failed
    }

    /// The limits in force.
    public let limits: HTTPParserLimits
    /// Whether the request was HEAD, so the response has no body whatever its headers say.
    public let requestWasHEAD: Bool
    /// The final response head, once parsed.
    public private(set) var head: HTTPResponseHead?
    /// The error that ended parsing, if any. Once set it never changes.
    public private(set) var error: HTTPParseError?

    /// Room made for a head's fields up front, so that a typical head fills one array.
    private static let typicalHeaderCount = 16
    /// Room made for a feed's events up front: a whole response read at once is a head, its
    /// body and the end.
    private static let typicalEventCount = 3

    private var state = State.statusLine
    private var line = LineAccumulator()
    private var fields: [HTTPHeaderField] = []
    private var sectionBytes = 0
    private var bodyBytesReceived = 0
    /// The bytes of the head being parsed, when it lay whole in the read it began in: kept
    /// with what it parses to (``ResponseHeadCache``) if it is a final head.
    private var headToKeep: [UInt8]?

    /// Creates a parser for the response to one request.
    public init(requestWasHEAD: Bool = false, limits: HTTPParserLimits = HTTPParserLimits()) {
        self.requestWasHEAD = requestWasHEAD
        self.limits = limits
    }

    /// Whether the whole message has been received (`.end` was reported).
    public var isComplete: Bool { state == .complete }

    /// Whether parsing is over, by completion or by error.
    public var isDone: Bool { state == .complete || state == .failed }

    /// Consumes the next bytes received from the connection and returns the events they
    /// complete, in order. Ignored once ``isDone``.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [HTTPResponseEvent] {
        var events: [HTTPResponseEvent] = []
        events.reserveCapacity(Self.typicalEventCount)
        do {
            _ = try advance(bytes, from: bytes.startIndex, untilBody: false, events: &events)
        } catch {
            fail(error, events: &events)
        }
        return events
    }

    /// Consumes one read that arrived in two buffers, `first` and then `rest`, and returns
    /// the events that feeding them together as one collection would. When `first` ends
    /// exactly where body bytes begin and they run to the end of `rest`, the body chunk is
    /// `rest` itself, not a copy; when body bytes begin inside `first`, they are joined with
    /// `rest` into one chunk. `bodyStart` is where body bytes began, counted from the start
    /// of `first`, when this read began a response's status line and reached its body.
    mutating func feed(
        _ first: UnsafeBufferPointer<UInt8>, then rest: [UInt8]
    ) -> (events: [HTTPResponseEvent], bodyStart: Int?) {
        var events: [HTTPResponseEvent] = []
        events.reserveCapacity(Self.typicalEventCount)
        let startsResponse = awaitsStatusLine
        var bodyStart: Int?
        do {
            let stop = try advance(first, from: first.startIndex, untilBody: true, events: &events)
            if stop != first.endIndex {
                guard isInBody else { return (events, nil) }
                bodyStart = stop
                let joined = Array(first[stop...]) + rest
                _ = try advance(joined, from: joined.startIndex, untilBody: false, events: &events)
            } else {
                let restStop = try advance(rest, from: rest.startIndex, untilBody: true, events: &events)
                if isInBody { bodyStart = first.count + restStop }
                _ = try advance(rest, from: restStop, untilBody: false, events: &events)
            }
        } catch {
            fail(error, events: &events)
        }
        return (events, startsResponse ? bodyStart : nil)
    }

    /// Whether the next bytes begin a response's status line.
    var awaitsStatusLine: Bool { state == .statusLine }

    /// Whether the next bytes are body bytes, which ``step(_:from:events:)`` reports as they are.
    private var isInBody: Bool {
        switch state {
        case .body, .chunkData, .untilClose: true
        default: false
        }
    }

    /// Steps through `bytes` from `index` until they run out or parsing is over, or, with
    /// `untilBody`, until the next bytes are body bytes; returns where it stopped.
    private mutating func advance<Bytes: Collection<UInt8>>(
        _ bytes: Bytes, from index: Bytes.Index, untilBody: Bool, events: inout [HTTPResponseEvent]
    ) throws(HTTPParseError) -> Bytes.Index {
        var index = index
        while index != bytes.endIndex, !isDone, !(untilBody && isInBody) {
            index = try step(bytes, from: index, events: &events)
        }
        return index
    }

    /// Signals end of stream (the peer closed the connection) and returns the final events:
    /// `.end` for a body delimited by the close, an error for a truncated head or body,
    /// nothing when parsing was already over.
    public mutating func finish() -> [HTTPResponseEvent] {
        var events: [HTTPResponseEvent] = []
        switch state {
        case .statusLine, .headerLines:
            fail(.closedBeforeHeaders, events: &events)
        case .body(let remaining):
            fail(.truncatedBody(received: bodyBytesReceived, expected: bodyBytesReceived + remaining), events: &events)
        case .chunkSizeLine, .chunkData, .chunkDataEnd, .trailerLines:
            fail(.truncatedBody(received: bodyBytesReceived, expected: nil), events: &events)
        case .untilClose:
            complete(events: &events)
        case .complete, .failed:
            break
        }
        return events
    }

    private mutating func fail(_ parseError: HTTPParseError, events: inout [HTTPResponseEvent]) {
        error = parseError
        state = .failed
        events.append(.error(parseError))
    }

    private mutating func complete(events: inout [HTTPResponseEvent]) {
        state = .complete
        events.append(.end)
    }

    /// Advances through one state, consuming at least one byte unless parsing ends.
    private mutating func step<Bytes: Collection<UInt8>>(
        _ bytes: Bytes, from index: Bytes.Index, events: inout [HTTPResponseEvent]
    ) throws(HTTPParseError) -> Bytes.Index {
        switch state {
        case .statusLine:
            if let next = takeKeptHead(bytes, from: index, events: &events) { return next }
            guard let next = try takeLine(bytes, from: index, within: .statusLine) else { return bytes.endIndex }
            state = .headerLines(try line.withContent(in: bytes, endingAt: next, HTTPStatusLine.parse))
            fields = []
            fields.reserveCapacity(Self.typicalHeaderCount)
            sectionBytes = 0
            return next
        case .headerLines(let status):
            guard let next = try takeSectionLine(bytes, from: index) else { return bytes.endIndex }
            if line.contentCount == 0 {
                try endOfHead(status, events: &events)
            } else {
                guard fields.count < limits.maxHeaderCount else {
                    throw .limitExceeded(.headerCount, limit: limits.maxHeaderCount)
                }
                fields.append(try line.withContent(in: bytes, endingAt: next, HTTPHeaderLine.parse))
            }
            return next
        case .body(let remaining):
            let end = bytes.index(index, offsetBy: remaining, limitedBy: bytes.endIndex) ?? bytes.endIndex
            let taken = deliver(bytes[index..<end], events: &events)
            if taken == remaining {
                complete(events: &events)
            } else {
                state = .body(remaining: remaining - taken)
            }
            return end
        case .chunkSizeLine:
            guard let next = try takeLine(bytes, from: index, within: .chunkSizeLine) else { return bytes.endIndex }
            let size = try line.withContent(in: bytes, endingAt: next, HTTPChunkSizeLine.parse)
            if size == 0 {
                state = .trailerLines
                sectionBytes = 0
            } else {
                state = .chunkData(remaining: size)
            }
            return next
        case .chunkData(let remaining):
            let end = bytes.index(index, offsetBy: remaining, limitedBy: bytes.endIndex) ?? bytes.endIndex
            let taken = deliver(bytes[index..<end], events: &events)
            state = taken == remaining ? .chunkDataEnd(sawCR: false) : .chunkData(remaining: remaining - taken)
            return end
        case .chunkDataEnd(let sawCR):
            switch bytes[index] {
            case HTTPGrammar.lf: state = .chunkSizeLine
            case HTTPGrammar.cr where !sawCR: state = .chunkDataEnd(sawCR: true)
            default: throw .invalidChunk("chunk data is not followed by CRLF")
            }
            return bytes.index(after: index)
        case .trailerLines:
            guard let next = try takeSectionLine(bytes, from: index) else { return bytes.endIndex }
            if line.contentCount == 0 { complete(events: &events) }
            return next
        case .untilClose:
            deliver(bytes[index...], events: &events)
            return bytes.endIndex
        case .complete, .failed:
            return bytes.endIndex
        }
    }

    /// At a status line beginning at `index`, in a read whose bytes are contiguous and with
    /// no line begun in an earlier read: reports a head kept by ``ResponseHeadCache`` whose
    /// bytes are those that follow, sets up its body as ``endOfHead(_:events:)`` would, and
    /// returns where parsing resumes; otherwise returns nil, noting the head's bytes
    /// (``headToKeep``) if it lies whole in the read.
    private mutating func takeKeptHead<Bytes: Collection<UInt8>>(
        _ bytes: Bytes, from index: Bytes.Index, events: inout [HTTPResponseEvent]
    ) -> Bytes.Index? {
        headToKeep = nil
        guard !line.isCollecting else { return nil }
        let offset = bytes.distance(from: bytes.startIndex, to: index)
        let (requestWasHEAD, limits) = (requestWasHEAD, limits)
        let found = bytes.withContiguousStorageIfAvailable { storage -> (kept: ResponseHeadCache.Entry?, bytes: [UInt8]?) in
            let input = UnsafeBufferPointer(rebasing: storage[offset...])
            if let kept = ResponseHeadCache.entry(beginning: input, requestWasHEAD: requestWasHEAD, limits: limits) {
                return (kept, nil)
            }
            return (nil, ResponseHeadCache.headBytes(beginning: input))
        }
        guard let found else { return nil }
        guard let kept = found.kept else {
            headToKeep = found.bytes
            return nil
        }
        report(kept.head, framing: kept.framing, events: &events)
        return bytes.index(index, offsetBy: kept.bytes.count)
    }

    /// Takes a status or chunk-size line whose content (terminator excluded) may not exceed
    /// `limit`; returns where parsing resumes, or nil when more input is needed.
    private mutating func takeLine<Bytes: Collection<UInt8>>(
        _ bytes: Bytes, from index: Bytes.Index, within limit: HTTPParserLimit
    ) throws(HTTPParseError) -> Bytes.Index? {
        let maximum = limit == .statusLine ? limits.maxStatusLineBytes : limits.maxChunkSizeLineBytes
        switch line.take(bytes, from: index, budget: maximum + 2) {
        case .needMore:
            return nil
        case .complete(let next) where line.contentCount <= maximum:
            return next
        case .complete, .overflow:
            throw .limitExceeded(limit, limit: maximum)
        }
    }

    /// Takes a header or trailer line within what is left of the section's byte limit;
    /// returns where parsing resumes, or nil when more input is needed.
    private mutating func takeSectionLine<Bytes: Collection<UInt8>>(
        _ bytes: Bytes, from index: Bytes.Index
    ) throws(HTTPParseError) -> Bytes.Index? {
        let maximum = limits.maxHeaderSectionBytes
        switch line.take(bytes, from: index, budget: maximum - sectionBytes) {
        case .needMore:
            return nil
        case .complete(let next):
            sectionBytes += line.wireCount
            return next
        case .overflow:
            throw .limitExceeded(.headerSection, limit: maximum)
        }
    }

    /// Handles the empty line ending a head: skips a 1xx interim head, or reports the final
    /// head and sets up its body.
    private mutating func endOfHead(
        _ status: HTTPStatusLine, events: inout [HTTPResponseEvent]
    ) throws(HTTPParseError) {
        let headers = HTTPHeaders(fields)
        fields = []
        if status.statusCode == 101 { throw .unexpectedSwitchingProtocols }
        if status.statusCode < 200 {
            state = .statusLine
            return
        }
        let (framing, contentLength) = try HTTPBodyFraming.resolve(
            statusCode: status.statusCode, headers: headers, requestWasHEAD: requestWasHEAD)
        let head = HTTPResponseHead(
            version: status.version, statusCode: status.statusCode, reason: status.reason,
            headers: headers, expectedContentLength: contentLength)
        if let bytes = headToKeep {
            ResponseHeadCache.keep(
                ResponseHeadCache.Entry(bytes: bytes, requestWasHEAD: requestWasHEAD, limits: limits, head: head, framing: framing))
        }
        report(head, framing: framing, events: &events)
    }

    /// Reports the final `head` and sets up its body, framed by `framing`.
    private mutating func report(_ head: HTTPResponseHead, framing: HTTPBodyFraming, events: inout [HTTPResponseEvent]) {
        self.head = head
        events.append(.head(head))
        switch framing {
        case .noBody, .contentLength(0):
            complete(events: &events)
        case .contentLength(let length):
            state = .body(remaining: length)
        case .chunked:
            state = .chunkSizeLine
        case .untilClose:
            state = .untilClose
        }
    }

    /// Reports non-empty body bytes and returns how many there were.
    @discardableResult
    private mutating func deliver(_ bytes: some Collection<UInt8>, events: inout [HTTPResponseEvent]) -> Int {
        let chunk = Array(bytes)
        if !chunk.isEmpty {
            bodyBytesReceived += chunk.count
            events.append(.body(chunk))
        }
        return chunk.count
    }
}

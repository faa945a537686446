import NetSim

/// The bytes of `text` as sent on the wire.
func wire(_ text: String) -> [UInt8] {
    Array(text.utf8)
}

/// The result of running a parser over a whole input and then end of stream.
struct ParseRun {
    var events: [HTTPResponseEvent]
    var parser: HTTPResponseParser
}

/// Feeds `bytes` cut at the sorted offsets `cuts`, then finishes.
func parse(
    _ bytes: [UInt8], cuts: [Int] = [], requestWasHEAD: Bool = false,
    limits: HTTPParserLimits = HTTPParserLimits()
) -> ParseRun {
    var parser = HTTPResponseParser(requestWasHEAD: requestWasHEAD, limits: limits)
    var events: [HTTPResponseEvent] = []
    var start = 0
    for cut in cuts + [bytes.count] {
        events += parser.feed(bytes[start..<cut])
        start = cut
    }
    events += parser.finish()
    return ParseRun(events: events, parser: parser)
}

/// `parse` over text, returning the events with body bytes merged.
func parsedEvents(
    _ text: String, requestWasHEAD: Bool = false, limits: HTTPParserLimits = HTTPParserLimits()
) -> [HTTPResponseEvent] {
    coalesced(parse(wire(text), requestWasHEAD: requestWasHEAD, limits: limits).events)
}

/// Feeds `bytes` one byte at a time, then finishes.
func parseBytewise(_ bytes: [UInt8], requestWasHEAD: Bool = false) -> ParseRun {
    parse(bytes, cuts: Array(bytes.indices.dropFirst()), requestWasHEAD: requestWasHEAD)
}

/// The error the text ends in, or nil.
func parseError(_ text: String, limits: HTTPParserLimits = HTTPParserLimits()) -> HTTPParseError? {
    parse(wire(text), limits: limits).parser.error
}

/// Events with adjacent body events merged, so runs that split body bytes differently compare
/// equal.
func coalesced(_ events: [HTTPResponseEvent]) -> [HTTPResponseEvent] {
    var result: [HTTPResponseEvent] = []
    for event in events {
        if case .body(let more) = event, case .body(let sofar)? = result.last {
            result[result.count - 1] = .body(sofar + more)
        } else {
            result.append(event)
        }
    }
    return result
}

/// Whether events follow the parser's grammar: at most one head first, non-empty bodies only
/// after it, and at most one terminal event (end or error), which comes last.
func isWellFormed(_ events: [HTTPResponseEvent]) -> Bool {
    var sawHead = false
    for (position, event) in events.enumerated() {
        switch event {
        case .head:
            if sawHead || position != 0 { return false }
            sawHead = true
        case .body(let bytes):
            if !sawHead || bytes.isEmpty { return false }
        case .end:
            if !sawHead || position != events.count - 1 { return false }
        case .error:
            if position != events.count - 1 { return false }
        }
    }
    return true
}

/// A head as the parser reports it.
func head(
    _ statusCode: Int, _ reason: String, _ fields: [(String, String)], length: Int? = nil, minor: Int = 1
) -> HTTPResponseHead {
    HTTPResponseHead(
        version: HTTPVersion(major: 1, minor: minor), statusCode: statusCode, reason: reason,
        headers: HTTPHeaders(fields.map { HTTPHeaderField(name: $0.0, value: $0.1) }),
        expectedContentLength: length)
}

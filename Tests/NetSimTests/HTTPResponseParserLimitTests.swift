import NetSim
import Testing

@Suite("HTTPResponseParser: limits")
struct HTTPResponseParserLimitTests {
    @Test func defaultsAreTheDocumentedOnes() {
        let limits = HTTPParserLimits()
        #expect(limits.maxStatusLineBytes == 8192)
        #expect(limits.maxHeaderSectionBytes == 16384)
        #expect(limits.maxHeaderCount == 100)
        #expect(limits.maxChunkSizeLineBytes == 1024)
    }

    @Test("status line length", arguments: [(8192, true), (8193, false)])
    func statusLineLimit(length: Int, accepted: Bool) {
        let line = "HTTP/1.1 200 " + String(repeating: "r", count: length - 13)
        let error = parseError(line + "\r\nContent-Length: 0\r\n\r\n")
        #expect(error == (accepted ? nil : .limitExceeded(.statusLine, limit: 8192)))
    }

    @Test func endlessStatusLineFailsWithoutWaitingForALineFeed() {
        var parser = HTTPResponseParser()
        let events = parser.feed([UInt8](repeating: UInt8(ascii: "H"), count: 9000))
        #expect(events == [.error(.limitExceeded(.statusLine, limit: 8192))])
    }

    @Test("header count", arguments: [(100, true), (101, false)])
    func headerCountLimit(count: Int, accepted: Bool) {
        let fields = (0..<count - 1).map { "X-\($0): v\r\n" }.joined() + "Content-Length: 0\r\n"
        let error = parseError("HTTP/1.1 200 OK\r\n" + fields + "\r\n")
        #expect(error == (accepted ? nil : .limitExceeded(.headerCount, limit: 100)))
    }

    @Test("header section size", arguments: [(16384, true), (16385, false)])
    func headerSectionLimit(size: Int, accepted: Bool) {
        let fixed = "Content-Length: 0\r\nX-Pad: \r\n\r\n"
        let fields = "Content-Length: 0\r\nX-Pad: " + String(repeating: "p", count: size - fixed.utf8.count) + "\r\n\r\n"
        let error = parseError("HTTP/1.1 200 OK\r\n" + fields)
        #expect(error == (accepted ? nil : .limitExceeded(.headerSection, limit: 16384)))
    }

    @Test func oversizedHeaderFailsEvenWithoutItsLineFeed() {
        var parser = HTTPResponseParser()
        _ = parser.feed(wire("HTTP/1.1 200 OK\r\nX-Huge: "))
        let events = parser.feed([UInt8](repeating: UInt8(ascii: "a"), count: 20000))
        #expect(events == [.error(.limitExceeded(.headerSection, limit: 16384))])
    }

    @Test("chunk-size line length", arguments: [(1024, true), (1025, false)])
    func chunkSizeLineLimit(length: Int, accepted: Bool) {
        let sizeLine = "1;" + String(repeating: "e", count: length - 2)
        let run = parse(wire("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(sizeLine)\r\nx\r\n0\r\n\r\n"))
        #expect(run.parser.error == (accepted ? nil : .limitExceeded(.chunkSizeLine, limit: 1024)))
        #expect(run.parser.isComplete == accepted)
    }

    @Test func trailerSectionIsBounded() throws {
        let limits = try HTTPParserLimits(maxHeaderSectionBytes: 64)
        let trailers = String(repeating: "X-T: 123456789\r\n", count: 5)
        let error = parseError("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n" + trailers + "\r\n", limits: limits)
        #expect(error == .limitExceeded(.headerSection, limit: 64))
    }

    @Test func configuredLimitsApply() throws {
        let limits = try HTTPParserLimits(maxStatusLineBytes: 16, maxHeaderCount: 1)
        #expect(parseError("HTTP/1.1 200 Long reason\r\n\r\n", limits: limits) == .limitExceeded(.statusLine, limit: 16))
        #expect(parseError("HTTP/1.1 200 OK\r\nA: 1\r\nB: 2\r\n\r\n", limits: limits) == .limitExceeded(.headerCount, limit: 1))
    }

    @Test("limit errors name the limit", arguments: HTTPParserLimit.allCases)
    func limitErrorsNameTheSetting(limit: HTTPParserLimit) {
        let error = HTTPParseError.limitExceeded(limit, limit: 7)
        #expect(error.description.contains(limit.settingName))
        #expect(error.description.contains("7"))
        #expect(error.netErrorCode == .cannotParseResponse)
    }

    @Test(
        "limits that could overflow the parser's arithmetic, or are not positive, are refused with a clear error",
        arguments: [Int.max, Int.max - 1, (1 << 40) + 1, 0, -1])
    func outOfRangeLimitsAreRefused(value: Int) {
        #expect(throws: HTTPParserLimitsError(limit: .statusLine, value: value)) { try HTTPParserLimits(maxStatusLineBytes: value) }
        #expect(throws: HTTPParserLimitsError(limit: .chunkSizeLine, value: value)) { try HTTPParserLimits(maxChunkSizeLineBytes: value) }
        #expect(throws: HTTPParserLimitsError(limit: .headerSection, value: value)) { try HTTPParserLimits(maxHeaderSectionBytes: value) }
        #expect(throws: HTTPParserLimitsError(limit: .headerCount, value: value)) { try HTTPParserLimits(maxHeaderCount: value) }
        #expect(
            HTTPParserLimitsError(limit: .statusLine, value: value).description
                == "maxStatusLineBytes must be between 1 and 1099511627776, not \(value)")
    }

    @Test("the largest allowed limits parse a long status line and chunk-size line without overflowing")
    func largestLimitsParse() throws {
        let largest = HTTPParserLimits.allowedRange.upperBound
        let limits = try HTTPParserLimits(
            maxStatusLineBytes: largest, maxHeaderSectionBytes: largest,
            maxHeaderCount: largest, maxChunkSizeLineBytes: largest)
        let reason = String(repeating: "r", count: 20_000)
        let run = parse(wire("HTTP/1.1 200 \(reason)\r\nTransfer-Encoding: chunked\r\n\r\n1;\(reason)\r\nx\r\n0\r\n\r\n"), limits: limits)
        #expect(run.parser.error == nil)
        #expect(run.parser.isComplete)
    }
}

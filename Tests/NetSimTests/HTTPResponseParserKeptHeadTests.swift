import Testing

@testable import NetSim

/// A parser reports a final head it finds whole in one read, whose bytes and settings match
/// a head parsed before on the same pthread, from what that parse gave rather than by
/// parsing it again. Whichever way a head is taken, the events must be those of parsing it:
/// each test parses a head once first, so that the parse it checks may take the kept one.
@Suite("HTTPResponseParser: heads parsed before")
struct HTTPResponseParserKeptHeadTests {
    static let headText = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n"
    static let events: [HTTPResponseEvent] = [
        .head(head(200, "OK", [("Content-Type", "text/plain"), ("Content-Length", "5")], length: 5)),
        .body(wire("hello")),
        .end,
    ]

    @Test func theSameHeadAgainGivesTheSameEvents() {
        #expect(parse(wire(Self.headText + "hello")).events == Self.events)
        let again = parse(wire(Self.headText + "hello"))
        #expect(again.events == Self.events)
        #expect(again.parser.head?.headers["content-length"] == "5")
    }

    @Test func aHeadThatDiffersInOneByteIsParsedAfresh() {
        _ = parse(wire(Self.headText + "hello"))
        let shorter = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n\r\n"
        #expect(
            parse(wire(shorter + "hey")).events == [
                .head(head(200, "OK", [("Content-Type", "text/plain"), ("Content-Length", "3")], length: 3)),
                .body(wire("hey")),
                .end,
            ])
    }

    @Test func theSameHeadForARequestForHEADHasNoBody() {
        _ = parse(wire(Self.headText + "hello"))
        #expect(parse(wire(Self.headText), requestWasHEAD: true).events == [Self.events[0], .end])
    }

    @Test func tighterLimitsRefuseAHeadParsedUnderLooserOnes() throws {
        _ = parse(wire(Self.headText + "hello"))
        let limits = try HTTPParserLimits(maxHeaderCount: 1)
        #expect(parse(wire(Self.headText + "hello"), limits: limits).parser.error == .limitExceeded(.headerCount, limit: 1))
    }

    @Test func anInterimHeadBeforeTheSameFinalHeadIsSkipped() {
        _ = parse(wire(Self.headText + "hello"))
        #expect(parse(wire("HTTP/1.1 100 Continue\r\n\r\n" + Self.headText + "hello")).events == Self.events)
    }

    @Test(arguments: [1, 16, 40, 63, 64])
    func theSameHeadSplitAcrossReadsGivesTheSameEvents(cut: Int) {
        _ = parse(wire(Self.headText + "hello"))
        #expect(coalesced(parse(wire(Self.headText + "hello"), cuts: [cut]).events) == Self.events)
    }

    @Test func theSameHeadReadInTwoBuffersStartsItsBodyAtTheSamePlace() {
        _ = parse(wire(Self.headText + "hello"))
        var parser = HTTPResponseParser()
        let headBytes = wire(Self.headText)
        let (events, bodyStart) = headBytes.withUnsafeBufferPointer { parser.feed($0, then: wire("hello")) }
        #expect(events == Self.events)
        #expect(bodyStart == headBytes.count)
    }
}

import Testing

@testable import NetSim

@Suite("HTTPResponseParser: one read in two buffers")
struct HTTPResponseParserTwoBufferTests {
    static let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n"

    @Test("a read split anywhere gives the events of the whole read, and says where the body began")
    func splitAnywhere() {
        let bytes = wire(Self.head + "hello")
        var whole = HTTPResponseParser()
        let expected = whole.feed(bytes)
        for cut in 0...bytes.count {
            let (events, bodyStart) = feed(bytes, cut: cut)
            #expect(events == expected, "cut \(cut)")
            #expect(bodyStart == Self.head.utf8.count, "cut \(cut)")
        }
    }

    @Test("a split where the body begins hands over the second buffer as the body chunk")
    func bodyChunkIsTheSecondBuffer() {
        let bytes = wire(Self.head + "hello")
        let (events, _) = feed(bytes, cut: Self.head.utf8.count)
        #expect(events.count == 3)
        #expect(events[1] == .body(wire("hello")))
    }

    @Test("a read that does not begin a response reports no body start")
    func continuedResponseHasNoBodyStart() {
        var parser = HTTPResponseParser()
        _ = parser.feed(wire(Self.head + "he"))
        let (events, bodyStart) = [UInt8]().withUnsafeBufferPointer { parser.feed($0, then: wire("llo")) }
        #expect(events == [.body(wire("llo")), .end])
        #expect(bodyStart == nil)
    }

    @Test("generated responses split anywhere give the events of one feed", arguments: Array(UInt64(0)..<100))
    func generatedResponses(seed: UInt64) {
        var generator = ResponseGenerator(seed: seed)
        let response = generator.response()
        var whole = HTTPResponseParser(requestWasHEAD: response.requestWasHEAD)
        let expected = whole.feed(response.bytes)
        for cut in generator.cuts(count: response.bytes.count) + [0, response.bytes.count] {
            let (events, _) = feed(response.bytes, cut: cut, requestWasHEAD: response.requestWasHEAD)
            #expect(events == expected, "cut \(cut)")
        }
    }

    /// Feeds `bytes` to a new parser as one read whose first buffer ends at `cut`.
    private func feed(
        _ bytes: [UInt8], cut: Int, requestWasHEAD: Bool = false
    ) -> (events: [HTTPResponseEvent], bodyStart: Int?) {
        var parser = HTTPResponseParser(requestWasHEAD: requestWasHEAD)
        return Array(bytes[..<cut]).withUnsafeBufferPointer { parser.feed($0, then: Array(bytes[cut...])) }
    }
}

import NetSim
import Testing

@Suite("HTTPResponseParser: valid responses")
struct HTTPResponseParserTests {
    static let simple = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello"

    @Test func contentLengthBodyGivesHeadBodyEnd() {
        let run = parse(wire(Self.simple))
        #expect(
            run.events == [
                .head(head(200, "OK", [("Content-Type", "text/plain"), ("Content-Length", "5")], length: 5)),
                .body(wire("hello")),
                .end,
            ])
        #expect(run.parser.isComplete)
        #expect(run.parser.error == nil)
        #expect(run.parser.head?.headers["content-type"] == "text/plain")
    }

    @Test func byteAtATimeGivesTheSameEvents() {
        let whole = parse(wire(Self.simple))
        let bytewise = parseBytewise(wire(Self.simple))
        #expect(coalesced(bytewise.events) == whole.events)
        #expect(bytewise.events.count == 2 + 5)
    }

    @Test func bytesWithoutContiguousStorageGiveTheSameEvents() {
        let bytes = wire("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Lower: a\nContent-Length: 5\r\n\r\nhello")
        var parser = HTTPResponseParser()
        #expect(parser.feed(bytes.lazy.map { $0 }) == parse(bytes).events)
        #expect(parser.head?.headers.fields.map(\.name) == ["Content-Type", "X-Lower", "Content-Length"])
    }

    @Test func completionIsReportedByFeedWithoutWaitingForFinish() {
        var parser = HTTPResponseParser()
        let events = parser.feed(wire(Self.simple))
        #expect(events.last == .end)
        #expect(parser.isComplete)
        #expect(parser.finish() == [])
    }

    @Test func bodyBytesAreReportedAsTheyArrive() {
        var parser = HTTPResponseParser()
        #expect(parser.feed(wire("HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nab")).last == .body(wire("ab")))
        #expect(parser.feed(wire("cd")) == [.body(wire("cd"))])
        #expect(parser.feed(wire("efTRAILING")) == [.body(wire("ef")), .end])
    }

    @Test func headerLookupIgnoresCaseAndKeepsOrderAndDuplicates() throws {
        let text = "HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nETag: \"v1\"\r\nset-cookie: b=2\r\nContent-Length: 0\r\n\r\n"
        let headers = try #require(parse(wire(text)).parser.head?.headers)
        #expect(headers.fields.map(\.name) == ["Set-Cookie", "ETag", "set-cookie", "Content-Length"])
        #expect(headers["SET-COOKIE"] == "a=1")
        #expect(Array(headers.values(for: "Set-Cookie")) == ["a=1", "b=2"])
        #expect(headers["etag"] == "\"v1\"")
        #expect(headers["Missing"] == nil)
        #expect(headers.count == 4)
    }

    @Test func fieldValuesAreTrimmedButKeepInnerSpaces() {
        let events = parsedEvents("HTTP/1.1 200 OK\r\nX-A: \t two  words \t\r\nX-B:\r\nContent-Length: 0\r\n\r\n")
        #expect(
            events == [
                .head(head(200, "OK", [("X-A", "two  words"), ("X-B", ""), ("Content-Length", "0")], length: 0)),
                .end,
            ])
    }

    @Test func chunkedBodyWithExtensionsAndTrailers() {
        let text =
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value\r\nhello\r\n"
            + "7 ; quoted=\"a;b\" ; flag\r\n, world\r\n"
            + "0;last\r\nX-Checksum: 42\r\nX-More: yes\r\n\r\n"
        let run = parse(wire(text))
        #expect(
            coalesced(run.events) == [
                .head(head(200, "OK", [("Transfer-Encoding", "chunked")])),
                .body(wire("hello, world")),
                .end,
            ])
        #expect(run.parser.head?.headers["X-Checksum"] == nil)
        #expect(coalesced(parseBytewise(wire(text)).events) == coalesced(run.events))
    }

    @Test func chunkSizesAreHexadecimalInEitherCase() {
        let body = DeterministicBody(seed: 9).prefix(0x1F + 0xa)
        var bytes = wire("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1F\r\n") + body[0..<0x1F]
        bytes += wire("\r\n0a\r\n") + body[0x1F...] + wire("\r\n0\r\n\r\n")
        #expect(coalesced(parse(bytes).events).dropFirst().first == .body(body))
    }

    @Test func bodyDelimitedByCloseEndsAtFinish() {
        var parser = HTTPResponseParser()
        let head = parser.feed(wire("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nfirst "))
        #expect(
            head == [
                .head(
                    HTTPResponseHead(
                        version: HTTPVersion(major: 1, minor: 0), statusCode: 200, reason: "OK",
                        headers: HTTPHeaders([HTTPHeaderField(name: "Content-Type", value: "text/plain")]),
                        expectedContentLength: nil)),
                .body(wire("first ")),
            ])
        #expect(parser.feed(wire("second")) == [.body(wire("second"))])
        #expect(!parser.isComplete)
        #expect(parser.finish() == [.end])
        #expect(parser.isComplete)
    }

    @Test(
        "no body for HEAD, 204 and 304",
        arguments: [
            ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", true, 10),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", true, nil),
            ("HTTP/1.1 204 No Content\r\nContent-Length: 7\r\n\r\n", false, 7),
            ("HTTP/1.1 304 Not Modified\r\nETag: \"v1\"\r\n\r\n", false, nil),
        ] as [(String, Bool, Int?)])
    func noBodyResponsesEndAfterTheHead(text: String, requestWasHEAD: Bool, length: Int?) {
        var parser = HTTPResponseParser(requestWasHEAD: requestWasHEAD)
        let events = parser.feed(wire(text) + wire("ignored bytes"))
        #expect(events.count == 2)
        #expect(events.last == .end)
        #expect(parser.head?.expectedContentLength == length)
        #expect(parser.isComplete)
    }

    @Test func headRequestFlagIsOnlyAboutTheRequest() {
        let events = parsedEvents("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        #expect(events.dropFirst() == [.body(wire("ok")), .end])
    }

    @Test func interimResponsesAreSkipped() {
        let text =
            "HTTP/1.1 100 Continue\r\n\r\n"
            + "HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n"
            + "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok"
        #expect(
            parsedEvents(text) == [
                .head(head(201, "Created", [("Content-Length", "2")], length: 2)),
                .body(wire("ok")),
                .end,
            ])
    }

    @Test func bareLineFeedsAreAccepted() {
        #expect(
            parsedEvents("HTTP/1.1 200 OK\nContent-Length: 2\n\nok") == [
                .head(head(200, "OK", [("Content-Length", "2")], length: 2)),
                .body(wire("ok")),
                .end,
            ])
    }

    @Test(
        "status lines",
        arguments: [
            ("HTTP/1.1 404 Not Found", 404, "Not Found"),
            ("HTTP/1.1 200 ", 200, ""),
            ("HTTP/1.1 200", 200, ""),
            ("HTTP/1.1 599 Custom \u{E9}", 599, "Custom \u{E9}"),
        ])
    func statusLinesAreAccepted(line: String, statusCode: Int, reason: String) {
        let run = parse(wire(line + "\r\nContent-Length: 0\r\n\r\n"))
        #expect(run.parser.head?.statusCode == statusCode)
        #expect(run.parser.head?.reason == reason)
        #expect(run.parser.isComplete)
    }

    @Test(
        "agreeing Content-Length values",
        arguments: [
            "Content-Length: 3\r\nContent-Length: 3\r\n",
            "Content-Length: 3, 3\r\n",
            "content-length: 003\r\n",
        ])
    func agreeingContentLengthsAreAccepted(fields: String) {
        let events = parsedEvents("HTTP/1.1 200 OK\r\n" + fields + "\r\nabcdef")
        #expect(events.dropFirst() == [.body(wire("abc")), .end])
    }

    @Test func zeroContentLengthEndsWithoutBody() {
        #expect(parsedEvents("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n").count == 2)
    }
}

import NetSim
import Testing

@Suite("HTTPResponseParser: errors")
struct HTTPResponseParserErrorTests {
    @Test(
        "end of stream before the head",
        arguments: [
            "",
            "HTTP/1.1 20",
            "HTTP/1.1 200 OK\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n",
            "HTTP/1.1 100 Continue\r\n\r\n",
        ])
    func truncatedHead(text: String) {
        let run = parse(wire(text))
        #expect(run.events.last == .error(.closedBeforeHeaders))
        #expect(run.parser.head == nil)
        #expect(HTTPParseError.closedBeforeHeaders.description.hasPrefix("truncated head"))
    }

    @Test func truncatedContentLengthBody() {
        let run = parse(wire("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"))
        #expect(coalesced(run.events).dropFirst() == [.body(wire("abc")), .error(.truncatedBody(received: 3, expected: 10))])
        #expect(run.parser.error?.description == "truncated body: connection closed after 3 of 10 body bytes")
    }

    @Test(
        "end of stream inside a chunked body",
        arguments: [
            ("3\r\nab", 2),
            ("3\r\nabc", 3),
            ("3\r\nabc\r", 3),
            ("3\r\nabc\r\n", 3),
            ("3\r\nabc\r\n1", 3),
            ("3\r\nabc\r\n0\r\n", 3),
            ("3\r\nabc\r\n0\r\nX-Trailer: 1\r\n", 3),
        ])
    func truncatedChunkedBody(rest: String, received: Int) {
        let run = parse(wire("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + rest))
        #expect(run.events.last == .error(.truncatedBody(received: received, expected: nil)))
        #expect(run.parser.error?.description.hasPrefix("truncated body") == true)
    }

    @Test(
        "malformed status lines",
        arguments: [
            "HTTP/2.0 200 OK",
            "HTTX/1.1 200 OK",
            "http/1.1 200 OK",
            "HTTP/1 200 OK",
            "HTTP/1.1  200 OK",
            "HTTP/1.1 20 OK",
            "HTTP/1.1 2000 OK",
            "HTTP/1.1 20x OK",
            "HTTP/1.1200 OK",
            "HTTP/1.1 099 Low",
            "HTTP/1.1 600 High",
            "HTTP/1.1 200 O\u{1}K",
            "HTTP/1.1 200 OK\r",
            "",
            "garbage",
        ])
    func malformedStatusLine(line: String) {
        let error = parseError(line + "\r\nContent-Length: 0\r\n\r\n")
        guard case .malformedStatusLine? = error else {
            Issue.record("expected a malformed status line, got \(String(describing: error))")
            return
        }
        #expect(error?.netErrorCode == .cannotParseResponse)
    }

    @Test(
        "garbage header lines",
        arguments: [
            "NoColonHere",
            ": empty name",
            "Bad Name: x",
            "Name : x",
            "Na(me: x",
            " folded: continuation",
            "\tfolded",
            "X-Null: a\u{0}b",
            "X-Delete: a\u{7F}b",
            "X-CR: a\rb",
        ])
    func invalidHeaderLine(field: String) {
        let error = parseError("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n" + field + "\r\n\r\n")
        guard case .invalidHeaderLine? = error else {
            Issue.record("expected an invalid header line, got \(String(describing: error))")
            return
        }
    }

    @Test func obsFoldIsNamed() {
        let error = parseError("HTTP/1.1 200 OK\r\nX-A: one\r\n two\r\n\r\n")
        #expect(error == .invalidHeaderLine("obs-fold continuation lines are not allowed"))
    }

    @Test(
        "invalid Content-Length values",
        arguments: [
            "abc", "-5", "+5", "0x10", "5 5", "", "5,", "99999999999999999999", "1e3",
        ])
    func invalidContentLength(value: String) {
        let error = parseError("HTTP/1.1 200 OK\r\nContent-Length: \(value)\r\n\r\n")
        guard case .invalidContentLength? = error else {
            Issue.record("expected an invalid Content-Length, got \(String(describing: error))")
            return
        }
        #expect(error?.netErrorCode == .badServerResponse)
    }

    @Test func negativeAndOverflowingLengthsSaySo() {
        #expect(parseError("HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n") == .invalidContentLength("negative value -5"))
        #expect(
            parseError("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n")
                == .invalidContentLength("99999999999999999999 overflows"))
    }

    @Test(
        "conflicting Content-Length values",
        arguments: [
            "Content-Length: 5\r\nContent-Length: 6\r\n",
            "Content-Length: 5, 6\r\n",
        ])
    func conflictingContentLength(fields: String) {
        #expect(parseError("HTTP/1.1 200 OK\r\n" + fields + "\r\n") == .conflictingContentLength(first: 5, second: 6))
    }

    @Test func contentLengthWithChunkedIsRejected() {
        let error = parseError("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n")
        #expect(error == .conflictingFraming)
    }

    @Test(
        "unsupported transfer codings",
        arguments: [
            ("gzip", "gzip"),
            ("gzip, chunked", "gzip, chunked"),
            ("chunked, chunked", "chunked, chunked"),
            ("identity", "identity"),
        ])
    func unsupportedTransferEncoding(value: String, reported: String) {
        let error = parseError("HTTP/1.1 200 OK\r\nTransfer-Encoding: \(value)\r\n\r\n")
        #expect(error == .unsupportedTransferEncoding(reported))
    }

    @Test func switchingProtocolsIsUnexpected() {
        #expect(parseError("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n") == .unexpectedSwitchingProtocols)
    }

    @Test(
        "invalid chunk sizes",
        arguments: [
            "xyz\r\n",
            "-1\r\n",
            " 5\r\n",
            "5 x\r\n",
            "0x5\r\n",
            "\r\n",
            "FFFFFFFFFFFFFFFFF\r\n",
            "5\r\nhelloX\r\n",
            "5\r\nhello\rX",
        ])
    func invalidChunk(rest: String) {
        let run = parse(wire("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + rest + "0\r\n\r\n"))
        guard case .error(.invalidChunk)? = run.events.last else {
            Issue.record("expected an invalid chunk, got \(String(describing: run.events.last))")
            return
        }
        #expect(run.parser.error?.netErrorCode == .cannotParseResponse)
    }

    @Test func errorsAreStickyAndLaterInputIsIgnored() {
        var parser = HTTPResponseParser()
        let events = parser.feed(wire("HTTP/9.9 200 OK\r\n"))
        #expect(events.count == 1)
        let error = parser.error
        #expect(error != nil)
        #expect(parser.feed(wire("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")) == [])
        #expect(parser.finish() == [])
        #expect(parser.error == error)
        #expect(!parser.isComplete)
        #expect(parser.isDone)
    }

    @Test func bodyBytesBeforeAnErrorAreStillReported() {
        let run = parse(wire("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\nzz\r\n"))
        #expect(run.events.dropFirst() == [.body(wire("abc")), .error(.invalidChunk("the chunk size is not hexadecimal"))])
    }

    @Test func finishTwiceReportsOnce() {
        var parser = HTTPResponseParser()
        #expect(parser.finish() == [.error(.closedBeforeHeaders)])
        #expect(parser.finish() == [])
    }
}

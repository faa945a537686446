import NetSim
import Testing

@Suite("NetError")
struct NetErrorTests {
    @Test func codesAreTheNSURLErrorValues() {
        let codes = NetError.Code.allCases.map { ($0, $0.rawValue) }
        #expect(codes.map(\.1) == [-999, -1001, -1004, -1005, -1007, -1011, -1017])
        #expect(NetError.Code(rawValue: -1005) == .networkConnectionLost)
    }

    @Test func carriesDomainCodeMessageAndURL() {
        let error = NetError(.cancelled, failingURL: "http://127.0.0.1:8080/big")
        #expect(error.domain == "NSURLErrorDomain")
        #expect(error.code == .cancelled)
        #expect(error.message == "cancelled")
        #expect(error.failingURL == "http://127.0.0.1:8080/big")
        #expect(error.description == "NSURLErrorDomain -999: cancelled (http://127.0.0.1:8080/big)")
        #expect(NetError(.timedOut, message: "stalled").description == "NSURLErrorDomain -1001: stalled")
    }

    @Test(
        "parse errors map to codes",
        arguments: [
            (HTTPParseError.closedBeforeHeaders, NetError.Code.networkConnectionLost),
            (.truncatedBody(received: 1, expected: 2), .networkConnectionLost),
            (.truncatedBody(received: 1, expected: nil), .networkConnectionLost),
            (.malformedStatusLine("x"), .cannotParseResponse),
            (.invalidHeaderLine("x"), .cannotParseResponse),
            (.invalidChunk("x"), .cannotParseResponse),
            (.limitExceeded(.headerCount, limit: 1), .cannotParseResponse),
            (.invalidContentLength("x"), .badServerResponse),
            (.conflictingContentLength(first: 1, second: 2), .badServerResponse),
            (.conflictingFraming, .badServerResponse),
            (.unsupportedTransferEncoding("gzip"), .badServerResponse),
            (.unexpectedSwitchingProtocols, .badServerResponse),
        ])
    func parseErrorMapping(parseError: HTTPParseError, code: NetError.Code) {
        let error = NetError(parseError, failingURL: "http://[::1]:1/x")
        #expect(error.code == code)
        #expect(error.message == parseError.description)
        #expect(error.failingURL == "http://[::1]:1/x")
    }

    @Test func parserOutcomeBecomesTheConnectionError() throws {
        let run = parse(wire("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nab"))
        let error = NetError(try #require(run.parser.error))
        #expect(error.code == .networkConnectionLost)
        #expect(error.message.hasPrefix("truncated body"))
    }
}

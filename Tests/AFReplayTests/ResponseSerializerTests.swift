import NetSim
import Testing

@testable import AFReplay

/// The JSON parser and the response serializers, without a network.
@Suite("Response serializers and the JSON parser")
struct ResponseSerializerTests {
    static func head(_ status: Int, _ contentType: String?) -> HTTPResponseHead {
        let fields = contentType.map { [HTTPHeaderField(name: "Content-Type", value: $0)] } ?? []
        return HTTPResponseHead(
            version: HTTPVersion(major: 1, minor: 1), statusCode: status, reason: "",
            headers: HTTPHeaders(fields), expectedContentLength: nil)
    }

    @Test(
        "valid documents parse, members in document order, escapes and surrogate pairs decoded",
        arguments: [
            (#"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#, #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#),
            (" [ -0.5e+10 , 12 , 0 ] ", "[-0.5e+10,12,0]"),
            (#"["\u00e9\n\"\ud83d\ude00"]"#, "[\"é\\n\\\"😀\"]"),
            ("{}", "{}"),
            ("[[[]]]", "[[[]]]"),
        ])
    func parses(text: String, canonical: String) throws {
        #expect(try JSONParser.parse(Array(text.utf8)).description == canonical)
    }

    @Test(
        "invalid documents fail with an offset",
        arguments: [
            "", "1", "\"top-level string\"", "{", "[1,]", "{\"a\" 1}", "[01]", "[1.]", "[tru]", "[\"\u{01}\"]",
            "[\"\\ud800\"]", "[] x", "{\"a\":1,}", String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        ])
    func rejects(text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test("the JSON serializer: content type first, then status; an empty body or a single space gives no object")
    func jsonSerializer() {
        let serializer = JSONResponseSerializer()
        let body = Array(#"{"k":"v"}"#.utf8)
        let ok = serializer.responseObject(for: Self.head(200, "application/json; charset=utf-8"), data: body)
        #expect(ok.object == .json(.object([("k", .string("v"))])) && ok.error == nil)
        let wrongType = serializer.responseObject(for: Self.head(200, "text/html"), data: body)
        #expect(wrongType.object == nil && wrongType.error?.code == -1016)
        let wrongStatus = serializer.responseObject(for: Self.head(500, "text/json"), data: body)
        #expect(wrongStatus.object != nil && wrongStatus.error?.code == -1011)
        #expect(serializer.responseObject(for: Self.head(204, nil), data: []) == (nil, nil))
        #expect(serializer.responseObject(for: Self.head(200, "application/json"), data: [0x20]) == (nil, nil))
        #expect(serializer.responseObject(for: Self.head(200, "application/json"), data: Array("nope".utf8)).error?.code == 3840)
        #expect(serializer.responseObject(for: nil, data: body).object != nil)
    }

    @Test("the HTTP serializer returns the raw body and checks only the status by default")
    func httpSerializer() {
        let serializer = HTTPResponseSerializer()
        #expect(serializer.responseObject(for: Self.head(299, "x/y"), data: [1, 2]) == (.data([1, 2]), nil))
        #expect(
            serializer.responseObject(for: Self.head(300, nil), data: nil) == (
                .data([]), ResponseSerializationError(.unacceptableStatusCode(300))
            ))
        #expect(ResponseValidation.mimeType(of: Self.head(200, "  Text/HTML ; charset=x")) == "text/html")
    }
}

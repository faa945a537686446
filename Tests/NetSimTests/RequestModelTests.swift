// The loopback network model: request model: loopback-only URLs, ordered header editing like
// NSMutableURLRequest, and the HTTP/1.1 bytes a request is written as.
import NetSim
import Testing

@Suite("Request model: LabURL, header editing, wire bytes")
struct RequestModelTests {
    @Test(
        "loopback http URLs parse; their description is the URL string",
        arguments: ["http://127.0.0.1:8080/big?x=1", "http://localhost/", "http://[::1]:9/a/b", "http://127.0.0.1:65535"])
    func validURLs(text: String) throws {
        let url = try #require(LabURL(string: text))
        #expect(LabURL(string: url.description) == url)
        #expect(url.pathAndQuery.hasPrefix("/"))
    }

    @Test(
        "anything but http to a loopback literal is refused",
        arguments: [
            "https://127.0.0.1/", "http://0.0.0.0/", "http://10.0.0.1/", "http://example.com/", "http://[::2]/",
            "http://127.0.0.1:0/", "http://127.0.0.1:70000/", "http://127.0.0.1:x/", "127.0.0.1/", "http://[::1/",
            "http://127.0.0.1/a b",
        ])
    func invalidURLs(text: String) {
        #expect(LabURL(string: text) == nil)
    }

    @Test("URL parts: port defaults to 80; path and query split; IPv6 is bracketed in the description")
    func urlParts() throws {
        let url = try #require(LabURL(string: "http://[::1]/files/a.bin?part=2"))
        #expect(url.host == "::1")
        #expect(url.port == 80)
        #expect(url.path == "/files/a.bin")
        #expect(url.query == "part=2")
        #expect(url.description == "http://[::1]:80/files/a.bin?part=2")
    }

    @Test("relative references resolve against a base URL like NSURL's relativeToURL")
    func resolving() throws {
        let base = try #require(LabURL(string: "http://127.0.0.1:8080/api/v1/"))
        #expect(base.resolving("items?page=2")?.description == "http://127.0.0.1:8080/api/v1/items?page=2")
        #expect(base.resolving("/root")?.description == "http://127.0.0.1:8080/root")
        #expect(base.resolving("http://localhost:9/x")?.description == "http://localhost:9/x")
        #expect(base.resolving("http://example.com/x") == nil)
    }

    @Test("setValue replaces the first field in place and drops later duplicates; removeValue keeps the others' order")
    func headerEditing() {
        var headers = HTTPHeaders([
            HTTPHeaderField(name: "Accept", value: "a"), HTTPHeaderField(name: "X-Dup", value: "1"),
            HTTPHeaderField(name: "Range", value: "r"), HTTPHeaderField(name: "x-dup", value: "2"),
        ])
        headers.setValue("3", for: "X-DUP")
        #expect(headers.fields.map(\.name) == ["Accept", "X-Dup", "Range"])
        #expect(headers["x-dup"] == "3")
        headers.setValue("new", for: "If-Range")
        #expect(headers.fields.map(\.name) == ["Accept", "X-Dup", "Range", "If-Range"])
        headers.removeValue(for: "range")
        #expect(headers.fields.map(\.name) == ["Accept", "X-Dup", "If-Range"])
    }

    @Test("wire bytes: request line, Host, the caller's fields in order, Content-Length for a body, Connection: close")
    func wireBytes() throws {
        var request = HTTPRequest(method: "PUT", url: try #require(LabURL(string: "http://127.0.0.1:8080/up?x=1")))
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("keep-alive", forHTTPHeaderField: "Connection")
        request.setValue("bytes=4-", forHTTPHeaderField: "Range")
        request.body = Array("{}".utf8)
        #expect(
            String(decoding: request.wireBytes, as: UTF8.self) == """
                PUT /up?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/json\r\nRange: bytes=4-\r\n\
                Content-Length: 2\r\nConnection: close\r\n\r\n{}
                """)
        let get = HTTPRequest(url: try #require(LabURL(string: "http://[::1]:9/")))
        #expect(String(decoding: get.wireBytes, as: UTF8.self) == "GET / HTTP/1.1\r\nHost: [::1]:9\r\nConnection: close\r\n\r\n")
        #expect(get.timeout == .seconds(60))
    }
}

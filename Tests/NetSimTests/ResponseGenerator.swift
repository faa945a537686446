import LabRuntime
import NetSim

/// A valid response produced from a seed, with the events a parser must report for it.
struct GeneratedResponse {
    var bytes: [UInt8]
    var requestWasHEAD: Bool
    var expected: [HTTPResponseEvent]
}

/// Builds random but valid HTTP/1.1 responses: interim heads, assorted statuses and header
/// spellings, CRLF or bare LF, and Content-Length, chunked (with extensions and trailers) or
/// close-delimited bodies.
struct ResponseGenerator {
    private enum Framing: CaseIterable { case contentLength, chunked, untilClose }

    var rng: SplitMix64

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
    }

    mutating func response() -> GeneratedResponse {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            bytes += line(Bool.random(using: &rng) ? "HTTP/1.1 100 Continue" : "HTTP/1.1 103 Early Hints")
            if Bool.random(using: &rng) { bytes += line("Link: </style.css>; rel=preload") }
            bytes += line("")
        }
        let statusCode = [200, 201, 204, 206, 304, 404, 500].randomElement(using: &rng)!
        let minor = Int.random(in: 0...1, using: &rng)
        let requestWasHEAD = Int.random(in: 0..<6, using: &rng) == 0
        let framing = Framing.allCases.randomElement(using: &rng)!
        let hasBody = !requestWasHEAD && statusCode != 204 && statusCode != 304
        let body = DeterministicBody(seed: rng.next()).prefix(Int.random(in: 0..<300, using: &rng))

        var fields: [(String, String)] = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
            (
                spelling(["Content-Type", "ETag", "X-Trace", "Cache-Control", "Server"].randomElement(using: &rng)!),
                fieldValue()
            )
        }
        let framingField: (String, String)? =
            switch framing {
            case .contentLength: (spelling("Content-Length"), String(body.count))
            case .chunked: (spelling("Transfer-Encoding"), Bool.random(using: &rng) ? "chunked" : "Chunked")
            case .untilClose: nil
            }
        if let framingField { fields.insert(framingField, at: Int.random(in: 0...fields.count, using: &rng)) }

        bytes += line("HTTP/1.\(minor) \(statusCode) \(reason(statusCode))")
        for (name, value) in fields { bytes += line("\(name):\(Bool.random(using: &rng) ? " " : "")\(value)") }
        bytes += line("")
        if hasBody {
            bytes += framing == .chunked ? chunkedEncoding(body) : body
        }

        let length = framing == .contentLength ? body.count : nil
        var expected: [HTTPResponseEvent] = [
            .head(head(statusCode, reason(statusCode), fields, length: length, minor: minor))
        ]
        if hasBody && !body.isEmpty { expected.append(.body(body)) }
        expected.append(.end)
        return GeneratedResponse(bytes: bytes, requestWasHEAD: requestWasHEAD, expected: expected)
    }

    /// Sorted cut offsets splitting `count` bytes into random pieces, sometimes every byte.
    mutating func cuts(count: Int) -> [Int] {
        guard count > 1 else { return [] }
        if Int.random(in: 0..<10, using: &rng) == 0 { return Array(1..<count) }
        return (0..<Int.random(in: 1...12, using: &rng)).map { _ in Int.random(in: 0...count, using: &rng) }.sorted()
    }

    private mutating func line(_ text: String) -> [UInt8] {
        wire(text) + (Int.random(in: 0..<8, using: &rng) == 0 ? [0x0A] : [0x0D, 0x0A])
    }

    private mutating func spelling(_ name: String) -> String {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: name.lowercased()
        case 1: name.uppercased()
        default: name
        }
    }

    private mutating func fieldValue() -> String {
        let alphabet = Array("abcXYZ019-_/;=\" ,.")
        let inner = String((0..<Int.random(in: 0..<12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
        return "v" + inner + "z"
    }

    private func reason(_ statusCode: Int) -> String {
        switch statusCode {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 206: "Partial Content"
        case 304: "Not Modified"
        case 404: "Not Found"
        default: "Internal Server Error"
        }
    }

    private mutating func chunkedEncoding(_ body: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        var offset = 0
        while offset < body.count {
            let size = min(body.count - offset, Int.random(in: 1..<64, using: &rng))
            var sizeText = String(size, radix: 16, uppercase: Bool.random(using: &rng))
            if Int.random(in: 0..<4, using: &rng) == 0 { sizeText += " ;ext=\"a b\";flag" }
            bytes += line(sizeText) + body[offset..<(offset + size)] + line("")
            offset += size
        }
        bytes += line(Bool.random(using: &rng) ? "0" : "000;last")
        for _ in 0..<Int.random(in: 0...2, using: &rng) { bytes += line("X-Checksum: \(rng.next() % 1000)") }
        bytes += line("")
        return bytes
    }
}

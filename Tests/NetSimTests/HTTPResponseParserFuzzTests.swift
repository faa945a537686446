import LabRuntime
import NetSim
import Testing

@Suite("HTTPResponseParser: seeded fuzz")
struct HTTPResponseParserFuzzTests {
    static let seeds = Array(UInt64(0)..<200)

    @Test("valid responses split anywhere give the same events", arguments: seeds)
    func splitValidResponses(seed: UInt64) {
        var generator = ResponseGenerator(seed: seed)
        let response = generator.response()
        let whole = parse(response.bytes, requestWasHEAD: response.requestWasHEAD)
        #expect(coalesced(whole.events) == response.expected)
        #expect(whole.parser.isComplete)
        for _ in 0..<4 {
            let cuts = generator.cuts(count: response.bytes.count)
            let split = parse(response.bytes, cuts: cuts, requestWasHEAD: response.requestWasHEAD)
            #expect(coalesced(split.events) == coalesced(whole.events), "cuts \(cuts)")
        }
    }

    @Test("mutated, truncated or garbled responses end in exactly one outcome", arguments: seeds)
    func mutatedResponses(seed: UInt64) {
        var generator = ResponseGenerator(seed: seed)
        var rng = SplitMix64(seed: seed ^ 0xF00D)
        for _ in 0..<8 {
            let response = generator.response()
            let bytes = mutate(response.bytes, using: &rng)
            let limits = randomLimits(using: &rng)
            let whole = parse(bytes, requestWasHEAD: response.requestWasHEAD, limits: limits)
            expectOneOutcome(whole, inputCount: bytes.count)
            let cuts = generator.cuts(count: bytes.count)
            let split = parse(bytes, cuts: cuts, requestWasHEAD: response.requestWasHEAD, limits: limits)
            #expect(coalesced(split.events) == coalesced(whole.events), "cuts \(cuts)")
        }
    }

    @Test("random bytes end in an error or a response", arguments: seeds)
    func randomBytes(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let prefixes = ["", "HTTP/1.1 200 OK\r\n", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"]
        for prefix in prefixes {
            let noise = (0..<Int.random(in: 0..<600, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let bytes = wire(prefix) + noise
            expectOneOutcome(parse(bytes, limits: randomLimits(using: &rng)), inputCount: bytes.count)
        }
    }

    private func expectOneOutcome(_ run: ParseRun, inputCount: Int) {
        #expect(isWellFormed(run.events))
        #expect(run.events.count <= inputCount + 2)
        let ended = run.events.last == .end
        let failed: Bool = if case .error? = run.events.last { true } else { false }
        #expect(ended != failed)
        #expect(run.parser.isComplete == ended)
        #expect((run.parser.error != nil) == failed)
    }

    private func randomLimits(using rng: inout SplitMix64) -> HTTPParserLimits {
        guard Bool.random(using: &rng) else { return HTTPParserLimits() }
        return try! HTTPParserLimits(
            maxStatusLineBytes: Int.random(in: 8...40, using: &rng),
            maxHeaderSectionBytes: Int.random(in: 8...200, using: &rng),
            maxHeaderCount: Int.random(in: 1...4, using: &rng),
            maxChunkSizeLineBytes: Int.random(in: 1...8, using: &rng))
    }

    private func mutate(_ original: [UInt8], using rng: inout SplitMix64) -> [UInt8] {
        var bytes = original
        let structural = wire("\r\n: ;0-F\t")
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let at = Int.random(in: 0...bytes.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0 where at < bytes.count:
                bytes[at] = UInt8.random(in: 0...255, using: &rng)
            case 1:
                bytes.insert(structural.randomElement(using: &rng)!, at: at)
            case 2 where at < bytes.count:
                bytes.remove(at: at)
            case 3:
                bytes.removeSubrange(at...)
            case 4:
                let end = min(bytes.count, at + Int.random(in: 1...32, using: &rng))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            default:
                let garbage = (0..<Int.random(in: 1...16, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                bytes.insert(contentsOf: garbage, at: at)
            }
        }
        return bytes
    }
}

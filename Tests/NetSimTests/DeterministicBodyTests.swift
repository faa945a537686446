import LabRuntime
import NetSim
import Testing

@Suite("SplitMix64 and DeterministicBody")
struct DeterministicBodyTests {
    @Test func splitMix64MatchesTheReferenceSequence() {
        var generator = SplitMix64(seed: 0)
        let outputs = (0..<3).map { _ in generator.next() }
        #expect(outputs == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test("same seed, same stream", arguments: [UInt64(1), 42, .max])
    func sameSeedSameStream(seed: UInt64) {
        var first = SplitMix64(seed: seed)
        var second = SplitMix64(seed: seed)
        #expect((0..<16).map { _ in first.next() } == (0..<16).map { _ in second.next() })
    }

    @Test("byte N agrees with any range", arguments: [UInt64(0), 7, 123_456_789])
    func bytesAreRandomAccess(seed: UInt64) {
        let body = DeterministicBody(seed: seed)
        let whole = body.prefix(100)
        #expect(whole.indices.map(body.byte(at:)) == whole)
        #expect(body.bytes(in: 13..<61) == Array(whole[13..<61]))
        #expect(body.bytes(in: 40..<40) == [])
    }

    @Test func seedsGiveDifferentBodies() {
        #expect(DeterministicBody(seed: 1).prefix(64) != DeterministicBody(seed: 2).prefix(64))
        #expect(Set(DeterministicBody(seed: 3).prefix(4096)).count > 200)
    }
}

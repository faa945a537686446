import LabRuntime

/// The body bytes of a scripted route: byte N depends only on the route's seed and N, so the
/// server can serve any range (a resumed download's `Range: bytes=<offset>-`) and a test can
/// check what AFNetworking's output stream received without storing the payload.
public struct DeterministicBody: Sendable, Equatable {
    /// The route's seed.
    public let seed: UInt64

    /// Creates the body for a route seed.
    public init(seed: UInt64) {
        self.seed = seed
    }

    /// Byte number `index` (from 0) of the body.
    public func byte(at index: Int) -> UInt8 {
        precondition(index >= 0, "body offsets are non-negative")
        return UInt8(truncatingIfNeeded: word(index / 8) >> (UInt64(index % 8) * 8))
    }

    /// The bytes at offsets `range`, in order.
    public func bytes(in range: Range<Int>) -> [UInt8] {
        precondition(range.lowerBound >= 0, "body offsets are non-negative")
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let bits = word(index / 8)
            let stop = min(range.upperBound, (index / 8 + 1) * 8)
            while index < stop {
                result.append(UInt8(truncatingIfNeeded: bits >> (UInt64(index % 8) * 8)))
                index += 1
            }
        }
        return result
    }

    /// The first `count` bytes of the body.
    public func prefix(_ count: Int) -> [UInt8] {
        bytes(in: 0..<count)
    }

    private func word(_ wordIndex: Int) -> UInt64 {
        SplitMix64.mix(SplitMix64.mix(seed) &+ UInt64(wordIndex) &* 0x9E37_79B9_7F4A_7C15)
    }
}

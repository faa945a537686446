/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64).
///
/// Everything random under the lab's control draws from one of these: scheduling choices,
/// scripted server bodies, fuzz inputs. So a seed reproduces a run exactly, in any
/// process; the system generator is never used.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose whole future is determined by `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The SplitMix64 output function: a bijective avalanche of `value`, usable as a
    /// stateless hash of a counter (byte N of a scripted body, say).
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

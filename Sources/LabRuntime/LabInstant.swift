/// A point on a runtime's clock, in nanoseconds since the runtime started.
///
/// This is the lab's `CFAbsoluteTime`. Under the live runtime it is `CLOCK_MONOTONIC`;
/// under a ``Simulation`` it is virtual time, which only moves when no lab thread can run
/// and the clock jumps to the next deadline.
public struct LabInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the runtime's epoch.
    public var nanoseconds: Int64

    /// An instant `nanoseconds` after the runtime's epoch.
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The runtime's epoch.
    public static let zero = LabInstant(nanoseconds: 0)

    /// Later than any deadline a lab program can name; CF's `TIMER_DATE_LIMIT`.
    public static let distantFuture = LabInstant(nanoseconds: Int64.max / 2)

    public static func < (a: LabInstant, b: LabInstant) -> Bool { a.nanoseconds < b.nanoseconds }

    /// The instant `duration` later, saturating at ``distantFuture``.
    public static func + (instant: LabInstant, duration: Duration) -> LabInstant {
        let (sum, overflow) = instant.nanoseconds.addingReportingOverflow(duration.labNanoseconds)
        return overflow || sum > distantFuture.nanoseconds ? distantFuture : LabInstant(nanoseconds: sum)
    }

    /// The duration from `b` to `a`.
    public static func - (a: LabInstant, b: LabInstant) -> Duration {
        .nanoseconds(a.nanoseconds - b.nanoseconds)
    }

    /// Seconds with six decimals, e.g. `0.250000`: the format every trace line uses.
    public var description: String { formatSeconds(nanoseconds) }
}

extension Duration {
    /// The whole nanoseconds in this duration, saturating at `Int64.max`.
    public var labNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? Int64.min : Int64.max }
        return scaled &+ attoseconds / 1_000_000_000
    }
}

/// Formats nanoseconds as seconds with six decimals without going through `Double`, so the
/// text is the same on every machine.
func formatSeconds(_ nanoseconds: Int64) -> String {
    let negative = nanoseconds < 0
    let magnitude = nanoseconds.magnitude
    let micros = magnitude / 1_000
    let whole = micros / 1_000_000
    let fraction = String(micros % 1_000_000)
    return (negative ? "-" : "") + "\(whole)." + String(repeating: "0", count: 6 - fraction.count) + fraction
}

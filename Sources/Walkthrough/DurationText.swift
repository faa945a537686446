/// Virtual durations as scenarios write them: a whole number and a unit, `5ms`, `1s`,
/// `250us`, `100ns`.
enum DurationText {
    /// The units, from the largest, with their length in nanoseconds.
    static let units: [(name: String, nanoseconds: Int64)] = [
        ("s", 1_000_000_000), ("ms", 1_000_000), ("us", 1_000), ("ns", 1),
    ]

    /// The longest duration a scenario may name: an hour of virtual time.
    static let limit = Duration.seconds(3_600)

    /// Parses `text`; nil when it is not digits and a known unit, or exceeds ``limit``.
    static func parse(_ text: String) -> Duration? {
        let digits = text.prefix { $0.isASCII && $0.isWholeNumber }
        guard !digits.isEmpty, let value = Int64(digits),
            let unit = units.first(where: { $0.name == text.dropFirst(digits.count) })
        else { return nil }
        let (nanoseconds, overflow) = value.multipliedReportingOverflow(by: unit.nanoseconds)
        guard !overflow, nanoseconds <= limit.labNanoseconds else { return nil }
        return .nanoseconds(nanoseconds)
    }

    /// `"5ms"`: the largest unit that divides the duration exactly.
    static func format(_ duration: Duration) -> String {
        let nanoseconds = duration.labNanoseconds
        guard nanoseconds != 0 else { return "0ms" }
        let unit = units.first { nanoseconds % $0.nanoseconds == 0 } ?? units[units.count - 1]
        return "\(nanoseconds / unit.nanoseconds)\(unit.name)"
    }
}

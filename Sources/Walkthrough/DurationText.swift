/// Virtual durations as scenarios write them: a whole number and a unit, `5ms`, `1s`,
/// `250us`, `100ns`.
enum DurationText {
    /// The units, from the largest, with their length in nanoseconds.
    static let units: [(name: String, nanoseconds: Int64)] = [
        ("s", 1_000_000_000), ("ms", 1_000_000), ("us", 1_000), ("ns", 1),
    ]

    /// The longest duration a scenario may name: an hour of virtual time.
    static let limit = Duration.seconds(3_600)

    /// Why a text is not a duration.
    enum Failure: Error, Equatable {
        /// Digits with nothing after them (`5`).
        case noUnit
        /// Digits followed by something that is not one of ``units`` (`5min`).
        case unknownUnit(String)
        /// A whole number and a unit that together exceed ``limit``.
        case tooLong
    }

    /// Parses `text`, digits and a unit, or says why it is not a duration.
    static func parse(_ text: String) -> Result<Duration, Failure> {
        let digits = text.prefix { $0.isASCII && $0.isWholeNumber }
        let unitText = String(text.dropFirst(digits.count))
        guard !unitText.isEmpty else { return .failure(.noUnit) }
        guard !digits.isEmpty, let unit = units.first(where: { $0.name == unitText }) else {
            return .failure(.unknownUnit(unitText))
        }
        guard let value = Int64(digits) else { return .failure(.tooLong) }
        let (nanoseconds, overflow) = value.multipliedReportingOverflow(by: unit.nanoseconds)
        guard !overflow, nanoseconds <= limit.labNanoseconds else { return .failure(.tooLong) }
        return .success(.nanoseconds(nanoseconds))
    }

    /// `"5ms"`: the largest unit that divides the duration exactly.
    static func format(_ duration: Duration) -> String {
        let nanoseconds = duration.labNanoseconds
        guard nanoseconds != 0 else { return "0ms" }
        let unit = units.first { nanoseconds % $0.nanoseconds == 0 } ?? units[units.count - 1]
        return "\(nanoseconds / unit.nanoseconds)\(unit.name)"
    }
}

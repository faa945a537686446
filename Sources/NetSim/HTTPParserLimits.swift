/// The bounds ``HTTPResponseParser`` enforces, so hostile or broken servers cannot make the
/// client buffer without end (CFNetwork enforces similar, undocumented, bounds).
///
/// Every limit lies in ``allowedRange``: at least one, and small enough that the parser's
/// arithmetic on it (a line's limit plus its terminator) cannot overflow. Limits outside it
/// are refused with an ``HTTPParserLimitsError`` when the limits are made.
public struct HTTPParserLimits: Sendable, Equatable {
    /// Longest status line, in bytes, not counting its line terminator. Default 8 KiB.
    public let maxStatusLineBytes: Int
    /// Largest header section after the status line, terminators and final empty line
    /// included. It also bounds a chunked body's trailer section. Default 16 KiB.
    public let maxHeaderSectionBytes: Int
    /// Most header fields in one response head. Default 100.
    public let maxHeaderCount: Int
    /// Longest chunk-size line (size and extensions), not counting its terminator. Default 1 KiB.
    public let maxChunkSizeLineBytes: Int

    /// The values a limit may take: 1 to 2⁴⁰ (a terabyte, far beyond any real head).
    public static let allowedRange = 1...(1 << 40)

    /// The default limits.
    public init() {
        maxStatusLineBytes = 8 * 1024
        maxHeaderSectionBytes = 16 * 1024
        maxHeaderCount = 100
        maxChunkSizeLineBytes = 1024
    }

    /// Limits with the given values (the others keep their defaults); throws if one lies
    /// outside ``allowedRange``.
    public init(
        maxStatusLineBytes: Int = HTTPParserLimits().maxStatusLineBytes,
        maxHeaderSectionBytes: Int = HTTPParserLimits().maxHeaderSectionBytes,
        maxHeaderCount: Int = HTTPParserLimits().maxHeaderCount,
        maxChunkSizeLineBytes: Int = HTTPParserLimits().maxChunkSizeLineBytes
    ) throws(HTTPParserLimitsError) {
        let values: [(HTTPParserLimit, Int)] = [
            (.statusLine, maxStatusLineBytes), (.headerSection, maxHeaderSectionBytes),
            (.headerCount, maxHeaderCount), (.chunkSizeLine, maxChunkSizeLineBytes),
        ]
        for (limit, value) in values where !Self.allowedRange.contains(value) {
            throw HTTPParserLimitsError(limit: limit, value: value)
        }
        self.maxStatusLineBytes = maxStatusLineBytes
        self.maxHeaderSectionBytes = maxHeaderSectionBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxChunkSizeLineBytes = maxChunkSizeLineBytes
    }
}

/// A parser limit configured outside ``HTTPParserLimits/allowedRange``.
public struct HTTPParserLimitsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The limit that was refused.
    public let limit: HTTPParserLimit
    /// The value it was given.
    public let value: Int

    /// The error for `limit` configured as `value`.
    public init(limit: HTTPParserLimit, value: Int) {
        self.limit = limit
        self.value = value
    }

    public var description: String {
        let range = HTTPParserLimits.allowedRange
        return "\(limit.settingName) must be between \(range.lowerBound) and \(range.upperBound), not \(value)"
    }
}

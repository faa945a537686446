/// Names one of the ``HTTPParserLimits`` in a ``HTTPParseError/limitExceeded(_:limit:)``.
public enum HTTPParserLimit: Sendable, Equatable, CaseIterable {
    /// ``HTTPParserLimits/maxStatusLineBytes``.
    case statusLine
    /// ``HTTPParserLimits/maxHeaderSectionBytes`` (also for trailer sections).
    case headerSection
    /// ``HTTPParserLimits/maxHeaderCount``.
    case headerCount
    /// ``HTTPParserLimits/maxChunkSizeLineBytes``.
    case chunkSizeLine

    /// The name of the ``HTTPParserLimits`` property holding this limit.
    public var settingName: String {
        switch self {
        case .statusLine: "maxStatusLineBytes"
        case .headerSection: "maxHeaderSectionBytes"
        case .headerCount: "maxHeaderCount"
        case .chunkSizeLine: "maxChunkSizeLineBytes"
        }
    }

    var subject: String {
        switch self {
        case .statusLine: "status line"
        case .headerSection: "header section"
        case .headerCount: "header count"
        case .chunkSizeLine: "chunk-size line"
        }
    }

    var unit: String {
        self == .headerCount ? "fields" : "bytes"
    }
}

/// The bounds ``HTTPResponseParser`` enforces, so hostile or broken servers cannot make the
/// client buffer without end (CFNetwork enforces similar, undocumented, bounds).
public struct HTTPParserLimits: Sendable, Equatable {
    /// Longest status line, in bytes, not counting its line terminator. Default 8 KiB.
    public var maxStatusLineBytes: Int
    /// Largest header section after the status line, terminators and final empty line
    /// included. It also bounds a chunked body's trailer section. Default 16 KiB.
    public var maxHeaderSectionBytes: Int
    /// Most header fields in one response head. Default 100.
    public var maxHeaderCount: Int
    /// Longest chunk-size line (size and extensions), not counting its terminator. Default 1 KiB.
    public var maxChunkSizeLineBytes: Int

    /// Creates limits; every limit must be positive.
    public init(
        maxStatusLineBytes: Int = 8 * 1024,
        maxHeaderSectionBytes: Int = 16 * 1024,
        maxHeaderCount: Int = 100,
        maxChunkSizeLineBytes: Int = 1024
    ) {
        precondition(maxStatusLineBytes > 0 && maxHeaderSectionBytes > 0, "limits must be positive")
        precondition(maxHeaderCount > 0 && maxChunkSizeLineBytes > 0, "limits must be positive")
        self.maxStatusLineBytes = maxStatusLineBytes
        self.maxHeaderSectionBytes = maxHeaderSectionBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxChunkSizeLineBytes = maxChunkSizeLineBytes
    }
}

/// One call of an operation's download-progress block (`setDownloadProgressBlock:`), with
/// its three arguments: what `expect progress(A) == [(4, 4, 10), …]` compares.
public struct ProgressCall: Sendable, Equatable, CustomStringConvertible {
    /// `bytesRead`: the length of the chunk the call reports.
    public let bytesRead: Int
    /// `totalBytesRead` after the chunk.
    public let totalBytesRead: Int64
    /// `totalBytesExpectedToRead`: the latest response's expected length, −1 when unknown.
    public let totalBytesExpected: Int64

    /// A call with these arguments.
    public init(bytesRead: Int, totalBytesRead: Int64, totalBytesExpected: Int64) {
        self.bytesRead = bytesRead
        self.totalBytesRead = totalBytesRead
        self.totalBytesExpected = totalBytesExpected
    }

    /// `(4, 4, 10)`.
    public var description: String { "(\(bytesRead), \(totalBytesRead), \(totalBytesExpected))" }
}

/// The `streamError` of a stream whose file operation failed: an `NSPOSIXErrorDomain` error
/// carrying the errno, as an `NSOutputStream` to a file reports it.
public struct StreamError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The error domain, `NSPOSIXErrorDomain`.
    public static let domain = "NSPOSIXErrorDomain"

    /// The error domain (`NSError.domain`), always ``StreamError/domain-swift.type.property``.
    public var domain: String { Self.domain }

    /// The errno value (`NSError.code`).
    public let code: Int32

    /// What failed, with the system's text for the errno.
    public let message: String

    /// Creates an error from an errno and a message.
    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// `NSPOSIXErrorDomain <errno>: <message>`.
    public var description: String {
        "\(Self.domain) \(code): \(message)"
    }
}

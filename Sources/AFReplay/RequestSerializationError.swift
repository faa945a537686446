/// Why a request could not be built (`AFURLRequestSerializationErrorDomain`): the
/// `serializationError` that makes ``HTTPRequestOperationManager`` call `failure(nil, error)`
/// instead of returning an operation (spec §3.17).
///
/// The lab's request serializer fails in one way: the URL string does not resolve, against
/// the manager's base URL, to an `http` URL on the loopback interface
/// (`+[NSURL URLWithString:relativeToURL:]` returning nil). The code is
/// `NSURLErrorBadURL` (−1000), the one Foundation uses for such a URL.
public struct RequestSerializationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `AFURLRequestSerializationErrorDomain`.
    public static let domain = "com.alamofire.error.serialization.request"

    /// The URL string that did not resolve.
    public let urlString: String

    /// An error for `urlString`.
    public init(urlString: String) {
        self.urlString = urlString
    }

    /// The error's domain, ``domain``.
    public var domain: String { Self.domain }

    /// `NSURLErrorBadURL`.
    public var code: Int { -1000 }

    /// `<domain> -1000: bad URL '<string>'`.
    public var description: String {
        "\(domain) \(code): bad URL '\(urlString)'"
    }
}

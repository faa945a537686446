import NetSim

/// `AFHTTPRequestSerializer`: builds the request an ``HTTPRequestOperationManager`` sends
/// (`requestWithMethod:URLString:parameters:error:`, spec §3.17).
///
/// - The URL string is resolved against the base URL (`+[NSURL URLWithString:relativeToURL:]`,
///   here `LabURL.resolving(_:)`); one that does not resolve is a
///   ``RequestSerializationError``.
/// - ``headers`` are set on the request (`HTTPRequestHeaders`), and ``timeout``
///   (`timeoutInterval`, 60 s).
/// - Parameters become a query string (`AFQueryStringFromParameters`): pairs sorted by
///   key, each `key=value` percent-escaped, joined by `&`. For the methods in
///   ``httpMethodsEncodingParametersInURI`` (GET, HEAD, DELETE) it is appended to the URL
///   after `?` (or `&` when the URL has a query); for the others it is the body, an empty
///   body when there are no parameters, with `Content-Type:
///   application/x-www-form-urlencoded` unless a content type is already set.
public struct HTTPRequestSerializer: Sendable {
    /// The methods whose parameters go into the URL (`HTTPMethodsEncodingParametersInURI`).
    public var httpMethodsEncodingParametersInURI = ["GET", "HEAD", "DELETE"]
    /// Header fields set on every request (`HTTPRequestHeaders`), in order.
    public var headers = HTTPHeaders()
    /// The timeout of every request (`timeoutInterval`).
    public var timeout = Duration.seconds(60)

    /// A serializer with AFNetworking's defaults, without the `Accept-Language` and
    /// `User-Agent` fields it derives from the running app.
    public init() {}

    /// `requestWithMethod:URLString:parameters:error:` with the URL string resolved against
    /// `baseURL` (absolute when `baseURL` is nil).
    public func request(
        method: String, urlString: String, relativeTo baseURL: LabURL?,
        parameters: [String: String]?
    ) throws(RequestSerializationError) -> HTTPRequest {
        let resolved = baseURL.map { $0.resolving(urlString) } ?? LabURL(string: urlString)
        guard let url = resolved else { throw RequestSerializationError(urlString: urlString) }
        var request = HTTPRequest(method: method, url: url, headers: headers, timeout: timeout)
        let query = parameters.map(Self.queryString)
        if httpMethodsEncodingParametersInURI.contains(method.uppercased()) {
            guard let query else { return request }
            let separator = url.query == nil ? "?" : "&"
            guard let withQuery = LabURL(host: url.host, port: url.port, pathAndQuery: url.pathAndQuery + separator + query) else {
                throw RequestSerializationError(urlString: urlString)
            }
            request.url = withQuery
        } else {
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            }
            request.body = Array((query ?? "").utf8)
        }
        return request
    }

    /// `AFQueryStringFromParameters`: `key=value` pairs sorted by key (AFNetworking sorts
    /// the dictionary's keys, so its order never shows), escaped, joined with `&`.
    public static func queryString(_ parameters: [String: String]) -> String {
        parameters.sorted { $0.key < $1.key }
            .map { "\(percentEscaped($0.key))=\(percentEscaped($0.value))" }
            .joined(separator: "&")
    }

    /// `AFPercentEscapedStringFromString`: the UTF-8 bytes of `string`, with everything but
    /// letters, digits and `-._~/?` escaped as `%XX` (RFC 3986 §3.4 keeps `/` and `?`).
    public static func percentEscaped(_ string: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var escaped: [UInt8] = []
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "?"):
                escaped.append(byte)
            default:
                escaped += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}

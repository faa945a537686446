/// A request to send: `NSURLRequest` / `NSMutableURLRequest`, reduced to what the lab
/// needs (method, URL, ordered header fields, body bytes and a timeout).
public struct HTTPRequest: Sendable, Equatable {
    /// The method, e.g. `"GET"` (`HTTPMethod`).
    public var method: String
    /// The URL (`URL`).
    public var url: LabURL
    /// The header fields, in the order they will be sent (`allHTTPHeaderFields`, ordered).
    public var headers: HTTPHeaders
    /// The body bytes (`HTTPBody`); empty for none.
    public var body: [UInt8]
    /// How long the connection may go without receiving a byte before it fails with
    /// ``NetError/Code/timedOut`` (`timeoutInterval`, 60 s by default).
    public var timeout: Duration

    /// A request for `url` (`+[NSMutableURLRequest requestWithURL:]`, then setters).
    public init(
        method: String = "GET", url: LabURL, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
        timeout: Duration = .seconds(60)
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// Sets one header field (`-[NSMutableURLRequest setValue:forHTTPHeaderField:]`).
    public mutating func setValue(_ value: String, forHTTPHeaderField name: String) {
        headers.setValue(value, for: name)
    }

    /// The value of a header field (`-[NSURLRequest valueForHTTPHeaderField:]`).
    public func value(forHTTPHeaderField name: String) -> String? {
        headers[name]
    }
}

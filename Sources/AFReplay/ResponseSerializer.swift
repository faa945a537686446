import NetSim

/// What a response serializer produced: AFNetworking's `responseObject`.
public enum ResponseObject: Sendable, Equatable {
    /// The raw body (`NSData`), from ``HTTPResponseSerializer``.
    case data([UInt8])
    /// A parsed JSON document, from ``JSONResponseSerializer``.
    case json(JSONValue)
}

/// `AFURLResponseSerialization`: turns a response and its body into a ``ResponseObject``
/// (`responseObjectForResponse:data:error:`).
///
/// As in AFNetworking, a serializer may return an object *and* an error (a JSON body
/// with an unacceptable status code is parsed and reported as a failure), or no object.
public protocol ResponseSerializer: Sendable {
    /// The object for `response` and `data`, and the error, if any.
    func responseObject(for response: HTTPResponseHead?, data: [UInt8]?) -> (object: ResponseObject?, error: ResponseSerializationError?)
}

/// The checks `AFHTTPResponseSerializer validateResponse:data:error:` applies to every
/// serializer: acceptable status codes and MIME types.
public struct ResponseValidation: Sendable {
    /// Accepted status codes; `nil` accepts all. AFNetworking's default is 200–299.
    public var acceptableStatusCodes: ClosedRange<Int>?
    /// Accepted MIME types (lowercase, without parameters); `nil` accepts all.
    public var acceptableContentTypes: [String]?

    /// Validation with the given acceptable codes and types.
    public init(acceptableStatusCodes: ClosedRange<Int>? = 200...299, acceptableContentTypes: [String]? = nil) {
        self.acceptableStatusCodes = acceptableStatusCodes
        self.acceptableContentTypes = acceptableContentTypes
    }

    /// The first failed check, content type before status code, or nil when `response` is
    /// acceptable. A missing response is acceptable (AFNetworking validates only HTTP
    /// responses), and so is a missing MIME type with an empty body.
    public func validate(_ response: HTTPResponseHead?, data: [UInt8]?) -> ResponseSerializationError? {
        guard let response else { return nil }
        let type = Self.mimeType(of: response)
        if let acceptableContentTypes, !(type == nil && (data ?? []).isEmpty),
            !acceptableContentTypes.contains(where: { $0 == type })
        {
            return ResponseSerializationError(.unacceptableContentType(type))
        }
        if let acceptableStatusCodes, !acceptableStatusCodes.contains(response.statusCode) {
            return ResponseSerializationError(.unacceptableStatusCode(response.statusCode))
        }
        return nil
    }

    /// The response's MIME type (`NSURLResponse.MIMEType`): the Content-Type without its
    /// parameters, trimmed and lowercased.
    static func mimeType(of response: HTTPResponseHead) -> String? {
        guard let contentType = response.headers["Content-Type"] else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let trimmed = type.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
        let text = String(trimmed.reversed().trimmingPrefix(while: { $0 == " " || $0 == "\t" }).reversed())
        return text.isEmpty ? nil : text.lowercased()
    }
}

import NetSim

/// `AFJSONResponseSerializer`: validates the response, then parses the body as JSON.
///
/// As in 2.6.3: an unacceptable content type gives no object and that error; an
/// unacceptable status code still parses the body, so the object comes back *with* the
/// status error; an empty body, or a single space (the Rails `head :ok` workaround), gives
/// no object and no parse error; a body that is not JSON gives no object and a
/// `NSCocoaErrorDomain` 3840 error (the status error, if any, takes precedence, as
/// `AFErrorWithUnderlyingError` keeps the validation error on top).
public struct JSONResponseSerializer: ResponseSerializer {
    /// The checks applied before parsing.
    public var validation: ResponseValidation

    /// A serializer with AFNetworking's defaults: status 200–299 and the MIME types
    /// `application/json`, `text/json` and `text/javascript`.
    public init(
        validation: ResponseValidation = ResponseValidation(
            acceptableContentTypes: ["application/json", "text/json", "text/javascript"])
    ) {
        self.validation = validation
    }

    /// The parsed document as ``ResponseObject/json(_:)``, with the first error.
    public func responseObject(
        for response: HTTPResponseHead?, data: [UInt8]?
    ) -> (object: ResponseObject?, error: ResponseSerializationError?) {
        let invalid = validation.validate(response, data: data)
        if let invalid, case .unacceptableContentType = invalid.reason { return (nil, invalid) }
        guard let data, !data.isEmpty, data != [UInt8(ascii: " ")] else { return (nil, invalid) }
        do throws(JSONParser.Failure) {
            return (.json(try JSONParser.parse(data)), invalid)
        } catch {
            return (nil, invalid ?? ResponseSerializationError(.invalidJSON("\(error.message) at byte \(error.offset)")))
        }
    }
}

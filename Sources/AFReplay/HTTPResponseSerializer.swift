import NetSim

/// `AFHTTPResponseSerializer`: validates the status code (200–299 by default) and any
/// acceptable content types, and returns the raw body. It is the default serializer of an
/// ``HTTPRequestOperation``.
public struct HTTPResponseSerializer: ResponseSerializer {
    /// The checks applied before returning the body.
    public var validation: ResponseValidation

    /// A serializer with AFNetworking's defaults: status 200–299, any content type.
    public init(validation: ResponseValidation = ResponseValidation()) {
        self.validation = validation
    }

    /// The body as ``ResponseObject/data(_:)`` (empty when there is none), with the
    /// validation error if the response is not acceptable.
    public func responseObject(
        for response: HTTPResponseHead?, data: [UInt8]?
    ) -> (object: ResponseObject?, error: ResponseSerializationError?) {
        (.data(data ?? []), validation.validate(response, data: data))
    }
}

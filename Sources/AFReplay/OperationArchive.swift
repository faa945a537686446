import NetSim

/// What `-[AFURLConnectionOperation encodeWithCoder:]` writes (UCO.m, NSSecureCoding; spec
/// §3.15), and `initWithCoder:` reads back: the request (with any Range a pause put in it),
/// the state (Executing and Paused written as Ready), the response, the error, the body kept
/// in memory and the bytes counted. An ``HTTPRequestOperation`` adds its response serializer
/// (HRO.m's `encodeWithCoder:`).
///
/// The cancelled flag, the blocks, the completion queue and group, the connection and the
/// output stream are not archived, as in 2.6.3.
public struct OperationArchive: Sendable {
    /// `request`.
    public var request: HTTPRequest
    /// `state`: Ready for an operation that was Executing or Paused.
    public var state: OperationState
    /// `response`.
    public var response: HTTPResponseHead?
    /// `error`.
    public var error: OperationError?
    /// `responseData`.
    public var responseData: [UInt8]?
    /// `totalBytesRead`.
    public var totalBytesRead: Int64
    /// `responseSerializer`, for an ``HTTPRequestOperation``; nil for a plain operation.
    public var responseSerializer: (any ResponseSerializer)?
}

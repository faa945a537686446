extension NetError {
    /// The subset of `NSURLError` codes the replay produces.
    public enum Code: Int, Sendable, CaseIterable {
        /// `NSURLErrorCancelled`: AFNetworking's `cancelConnection` synthesizes it.
        case cancelled = -999
        /// `NSURLErrorTimedOut`: the request's timeout elapsed.
        case timedOut = -1001
        /// `NSURLErrorCannotConnectToHost`: the connect was refused or failed.
        case cannotConnectToHost = -1004
        /// `NSURLErrorNetworkConnectionLost`: the peer closed or reset mid-message.
        case networkConnectionLost = -1005
        /// `NSURLErrorHTTPTooManyRedirects`: a connection was redirected more than
        /// ``Connection/redirectLimit`` times.
        case httpTooManyRedirects = -1007
        /// `NSURLErrorBadServerResponse`: the response makes no sense for the request.
        case badServerResponse = -1011
        /// `NSURLErrorCannotParseResponse`: the bytes are not a readable HTTP response.
        case cannotParseResponse = -1017

        /// The default message for the code, in the spirit of Foundation's localized text.
        public var standardMessage: String {
            switch self {
            case .cancelled: "cancelled"
            case .timedOut: "The request timed out."
            case .cannotConnectToHost: "Could not connect to the server."
            case .networkConnectionLost: "The network connection was lost."
            case .httpTooManyRedirects: "too many HTTP redirects"
            case .badServerResponse: "The server returned a bad response."
            case .cannotParseResponse: "The response could not be parsed."
            }
        }
    }
}

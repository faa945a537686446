import RunLoopKit

/// `op NAME = (http|connection|task) METHOD /path [modes …] [timeout D] [completion] [stream S]
/// [redirect follow|refuse|to /path]`.
struct OperationDeclaration: Sendable, Equatable {
    /// Which AFNetworking class the operation is.
    enum Kind: String, Sendable, Equatable {
        /// `AFHTTPRequestOperation`.
        case http
        /// `AFURLConnectionOperation`.
        case connection
        /// An `NSURLSessionDataTask` made by `AFURLSessionManager`'s
        /// `dataTaskWithRequest:completionHandler:`, whose messages reach their delegate
        /// through the manager's task id → delegate dictionary.
        case task
    }

    /// The scenario's name for it, e.g. `A`.
    let name: String
    /// Its class.
    let kind: Kind
    /// The request method.
    let method: String
    /// The path and query on the loopback server.
    let pathAndQuery: String
    /// `runLoopModes`, if set (AFNetworking's default is the common modes).
    let modes: [RunLoopMode]?
    /// The request's timeout, if set (60 s by default).
    let timeout: Duration?
    /// Whether to install completion blocks (success/failure for `http`, the completion
    /// handler for `task`).
    let completion: Bool
    /// The declared stream to set as its output stream before it starts, if any.
    var stream: String? = nil
    /// For a task, `on THREAD`: the thread that calls `dataTaskWithRequest:` (main unless
    /// named).
    var creationThread: String? = nil
    /// The redirect block to install with `setRedirectResponseBlock:`, if any.
    var redirect: RedirectPolicy? = nil

    /// The name every trace event uses: `op A`.
    var traceName: String { Self.traceName(of: name) }

    /// `op NAME`.
    static func traceName(of name: String) -> String { "op \(name)" }
}

/// `thread NAME [without port]`.
struct ThreadDeclaration: Sendable, Equatable {
    /// The thread's name.
    let name: String
    /// Whether its loop gets a keep-alive port in the default mode before it runs.
    let keepAlive: Bool
}

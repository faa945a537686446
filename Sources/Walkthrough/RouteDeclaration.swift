import NetSim

/// `server METHOD /path -> STATUS …`: what the loopback server answers on one route.
struct RouteDeclaration: Sendable, Equatable {
    /// The method, e.g. `GET` (a `GET` route also answers `HEAD`).
    let method: String
    /// The path, without a query.
    let path: String
    /// The response script.
    let script: RouteScript
}

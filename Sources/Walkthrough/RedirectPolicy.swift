import AFReplay
import NetSim

/// `op … redirect follow|refuse|to /path`: the block an operation's
/// `setRedirectResponseBlock:` installs, which `connection:willSendRequest:redirectResponse:`
/// calls on the network thread for each redirect.
enum RedirectPolicy: Sendable, Equatable {
    /// Returns the proposed request: the redirect is followed (as with no block).
    case follow
    /// Returns nil: the redirect response becomes the final one.
    case refuse
    /// Returns the proposed request (its method and body) for this path and query instead.
    case rewrite(to: String)

    /// The redirect block for the policy.
    var block: URLConnectionOperation.RedirectResponseBlock {
        switch self {
        case .follow: { _, request, _ in request }
        case .refuse: { _, _, _ in nil }
        case let .rewrite(path):
            { _, request, _ in
                var rewritten = request
                rewritten.url = request.url.resolving(path) ?? request.url
                return rewritten
            }
        }
    }
}

/// Where a ``Connection`` is in its life, as NSURLConnection's private state would say.
enum ConnectionPhase: Equatable {
    /// Created, not started: it may still be scheduled.
    case idle
    /// `start()` ran; the dial is queued on the scheduled loop.
    case starting
    /// The socket is open and the exchange under way.
    case open
    /// It sent `connectionDidFinishLoading:` or `connection:didFailWithError:`.
    case ended
    /// `cancel()` ran before it ended.
    case cancelled

    /// Whether delegate messages may still be sent.
    var isLive: Bool { self == .starting || self == .open }
}

import RunLoopKit

/// `timer NAME on THREAD (every|after) D [modes …]`.
struct TimerDeclaration: Sendable, Equatable {
    /// The timer's name, as traces show it.
    let name: String
    /// The thread whose loop it is added to.
    let thread: String
    /// The delay before the first fire, and the interval when it repeats.
    let interval: Duration
    /// `every` (true) or `after` (false).
    let repeats: Bool
    /// The modes it is added to (default: `default`, like `scheduledTimer`).
    let modes: [RunLoopMode]
}

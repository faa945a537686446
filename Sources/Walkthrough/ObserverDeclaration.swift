import RunLoopKit

/// `observe THREAD activities LIST [modes …]`.
struct ObserverDeclaration: Sendable, Equatable {
    /// The thread whose loop is observed.
    let thread: String
    /// The activities it is called for.
    let activities: RunLoopActivity
    /// The modes it is added to (default: `common`).
    let modes: [RunLoopMode]
    /// The observer's name in the trace.
    let name: String
}

import AFReplay

/// `when CONDITION: actions [on THREAD | inline]`: actions queued on a thread (or run
/// inline) the first time the condition holds.
struct Trigger: Sendable, Equatable {
    /// What is watched.
    enum Condition: Sendable, Equatable {
        /// `A received N bytes`: checked in the operation's download-progress block, on
        /// main, after each chunk; for a session task, in the manager's
        /// `dataTaskDidReceiveData` block, on the delegate queue, after each data message.
        case received(operation: String, bytes: Int)
        /// `A state == S`: checked by a key-value observer of the state, on the thread
        /// that changes it.
        case state(operation: String, OperationState)
    }

    /// The condition.
    let condition: Condition
    /// The actions, in order.
    let actions: [ThreadAction]
    /// The thread they are queued on (main unless named).
    let thread: String
    /// `inline`: the actions run right in the check, on the thread that made the condition
    /// true (for a state, the thread that changed it, inside its KVO notification),
    /// instead of being queued.
    var inline = false
}

import AFReplay

/// What the operations held when a `checkpoint NAME` action ran: what `expect at NAME:`
/// lines read, together with the trace up to the checkpoint's note.
struct CheckpointSnapshot: Sendable {
    /// The checkpoint's name.
    let name: String
    /// The operations' reports at that moment, without what the trace says.
    let operations: [OperationReport]
    /// The session tasks' states at that moment.
    let taskStates: [(name: String, state: SessionTaskState)]
    /// The declared streams' reports at that moment.
    let streams: [StreamReport]
    /// The batches' reports at that moment.
    let batches: [BatchReport]
    /// The activity indicator's count at that moment.
    let indicatorCount: Int

    /// The text of the note the checkpoint leaves in the trace: `checkpoint NAME`.
    static func noteText(_ name: String) -> String { "checkpoint \(name)" }
}

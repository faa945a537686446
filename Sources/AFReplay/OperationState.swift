/// `AFOperationState` (UCO.m 33-38), with its raw values (spec §2.1). Cancellation is not a
/// state: it is NSOperation's ``LabOperation/isCancelled`` flag.
public enum OperationState: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// `AFOperationPausedState`.
    case paused = -1
    /// `AFOperationReadyState`: the initial state, set without KVO.
    case ready = 1
    /// `AFOperationExecutingState`.
    case executing = 2
    /// `AFOperationFinishedState`: terminal.
    case finished = 3

    /// The KVO key of the state (`AFKeyPathFromOperationState`, spec §2.2).
    public var key: KeyValueChange.Key {
        switch self {
        case .paused: .isPaused
        case .ready: .isReady
        case .executing: .isExecuting
        case .finished: .isFinished
        }
    }

    /// `"ready"`, `"executing"`, `"paused"`, `"finished"`: how the trace names the state.
    public var description: String {
        switch self {
        case .paused: "paused"
        case .ready: "ready"
        case .executing: "executing"
        case .finished: "finished"
        }
    }

    /// `AFStateTransitionIsValid(from, to, isCancelled)` (UCO.m 90-129, spec §2.3):
    ///
    /// | from \ to | Ready | Executing | Paused | Finished |
    /// |---|---|---|---|---|
    /// | Ready | no | yes | yes | only if cancelled |
    /// | Executing | no | no | yes | yes |
    /// | Paused | yes | no | no | no, even if cancelled |
    /// | Finished | no | no | no | no |
    public static func isValidTransition(from: OperationState, to: OperationState, isCancelled: Bool) -> Bool {
        switch (from, to) {
        case (.ready, .executing), (.ready, .paused): true
        case (.ready, .finished): isCancelled
        case (.executing, .paused), (.executing, .finished): true
        case (.paused, .ready): true
        default: false
        }
    }
}

import LabRuntime
import RunLoopKit

/// A benchmark that could not run, such as a failed system call; the message says which
/// step failed and why.
struct BenchFailure: Error, Equatable {
    /// What failed, such as `eventfd ping-pong: Too many open files`.
    let message: String
    /// Whether a system call failed, such as no descriptor left (`EMFILE`): the command then
    /// exits with ``ExitCode/systemError``.
    var isSystemError = false

    /// The failure of `step` with `error`, a system error when a descriptor its loop needed
    /// could not be made (`EMFILE`).
    init(_ step: String, _ error: RunLoopError) {
        message = "\(step): \(error)"
        if case .systemCallFailed = error { isSystemError = true }
    }

    /// The failure of `step` with a system call's `error`, named with what to do when the
    /// descriptors ran out (`EMFILE`).
    init(_ step: String, _ error: SystemCallError) {
        self.init(message: "\(step): \(error.explanation)", isSystemError: true)
    }

    /// The failure `message`.
    init(message: String, isSystemError: Bool = false) {
        self.message = message
        self.isSystemError = isSystemError
    }
}

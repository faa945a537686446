/// A benchmark that could not run, such as a failed system call; the message says which
/// step failed and why.
struct BenchFailure: Error, Equatable {
    /// What failed, such as `eventfd ping-pong: Too many open files`.
    let message: String
}

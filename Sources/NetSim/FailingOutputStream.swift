import Glibc
import Synchronization

/// A stream that takes a set number of bytes and then fails, as a stream to a file does when
/// the disk fills: the write that would go past the limit takes nothing, returns −1 and puts
/// the stream in the ``StreamStatus/error`` state with an `ENOSPC` ``streamError``; from then
/// on it has no space. Before the limit it behaves as a memory stream, without exposing its
/// bytes (like a file stream, `NSStreamDataWrittenToMemoryStreamKey` is nil).
public final class FailingOutputStream: LabOutputStream {
    /// `FailingOutputStream`, as traces name it.
    public var traceTypeName: String { "FailingOutputStream" }

    private struct State {
        var memory = InMemoryStreamState(capacity: nil)
        var written = 0
        var error: StreamError?
    }

    /// How many bytes it takes before failing.
    public let limit: Int

    private let state = Mutex(State())

    /// Creates a not-open stream that fails on the write that would take it past `limit`
    /// bytes.
    public init(failingAfter limit: Int) {
        precondition(limit >= 0, "a stream's byte limit is non-negative")
        self.limit = limit
    }

    /// The bytes it took before failing, in order.
    public var bytesTaken: [UInt8] { state.withLock { $0.memory.joined() } }

    /// The stream's state: ``StreamStatus/error`` once a write failed.
    public var streamStatus: StreamStatus { state.withLock { $0.error == nil ? $0.memory.status : .error } }

    /// True only while open and not failed.
    public var hasSpaceAvailable: Bool { state.withLock { $0.error == nil && $0.memory.hasSpaceAvailable } }

    /// `ENOSPC` once a write failed, else nil.
    public var streamError: StreamError? { state.withLock { $0.error } }

    /// Always nil, as for a file stream.
    public var dataWrittenToMemory: [UInt8]? { nil }

    /// Always nil: the stream has no file offset.
    public var fileCurrentOffset: Int? { nil }

    /// Opens a not-open stream; does nothing otherwise.
    public func open() { state.withLock { $0.memory.open() } }

    /// Closes the stream for good; a failed stream stays failed.
    public func close() { state.withLock { $0.memory.close() } }

    /// Takes all of `bytes` if they fit under the limit; otherwise takes nothing, fails the
    /// stream and returns −1. Returns −1 unless open.
    public func write(_ bytes: ArraySlice<UInt8>) -> Int {
        state.withLock { state in
            guard state.error == nil else { return -1 }
            guard state.written + bytes.count <= limit else {
                if state.memory.status == .open {
                    state.error = StreamError(code: ENOSPC, message: "write: \(String(cString: strerror(ENOSPC)))")
                }
                return -1
            }
            let taken = state.memory.write(bytes)
            if taken > 0 { state.written += taken }
            return taken
        }
    }
}

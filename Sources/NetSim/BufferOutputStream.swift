import Synchronization

/// A stream into a fixed-capacity buffer, like `+[NSOutputStream outputStreamToBuffer:capacity:]`.
/// Once the buffer is full a write takes nothing and returns 0, and `hasSpaceAvailable` is
/// false: the condition under which AFNetworking before 2.6.1 spun forever and 2.6.1+ cancels
/// the connection (spec §3.10).
public final class BufferOutputStream: LabOutputStream {
    /// `BufferOutputStream`, as traces name it.
    public var traceTypeName: String { "BufferOutputStream" }

    /// How many bytes the buffer holds.
    public let capacity: Int

    private let state: Mutex<InMemoryStreamState>

    /// Creates a not-open stream over a buffer of `capacity` bytes (`outputStreamToBuffer:capacity:`).
    public init(capacity: Int) {
        precondition(capacity >= 0, "a buffer's capacity is non-negative")
        self.capacity = capacity
        state = Mutex(InMemoryStreamState(capacity: capacity))
    }

    /// The bytes written into the buffer so far: what the caller who owns the buffer sees.
    public var buffer: [UInt8] { state.withLock { $0.joined() } }

    /// The stream's state.
    public var streamStatus: StreamStatus { state.withLock { $0.status } }

    /// True only while open and not full.
    public var hasSpaceAvailable: Bool { state.withLock(\.hasSpaceAvailable) }

    /// Always nil: a full buffer is not an error.
    public var streamError: StreamError? { nil }

    /// Always nil: like Cocoa, only memory streams expose written data as a property; the
    /// buffer's owner reads ``buffer``.
    public var dataWrittenToMemory: [UInt8]? { nil }

    /// Always nil: a buffer stream has no file offset.
    public var fileCurrentOffset: Int? { nil }

    /// Opens a not-open stream; does nothing otherwise.
    public func open() { state.withLock { $0.open() } }

    /// Closes the stream for good; the buffer keeps its bytes.
    public func close() { state.withLock { $0.close() } }

    /// Copies as much of `bytes` as fits and returns how many: 0 when full, −1 unless open.
    public func write(_ bytes: ArraySlice<UInt8>) -> Int { state.withLock { $0.write(bytes) } }
}

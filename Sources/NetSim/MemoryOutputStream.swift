import Synchronization

/// A stream that collects what is written in memory, like `+[NSOutputStream
/// outputStreamToMemory]`: the stream AFNetworking's `outputStream` getter creates lazily and
/// whose `NSStreamDataWrittenToMemoryStreamKey` becomes `responseData`.
public final class MemoryOutputStream: LabOutputStream {
    private let state = Mutex(InMemoryStreamState(capacity: nil))

    /// Creates a not-open memory stream (`outputStreamToMemory`).
    public init() {}

    /// The stream's state.
    public var streamStatus: StreamStatus { state.withLock { $0.status } }

    /// True only while open: memory never fills.
    public var hasSpaceAvailable: Bool { state.withLock(\.hasSpaceAvailable) }

    /// Always nil: writing to memory cannot fail.
    public var streamError: StreamError? { nil }

    /// Every byte written so far, before, during and after the stream is open.
    public var dataWrittenToMemory: [UInt8]? { state.withLock { $0.joined() } }

    /// Always nil: a memory stream has no file offset.
    public var fileCurrentOffset: Int? { nil }

    /// Opens a not-open stream; does nothing otherwise.
    public func open() { state.withLock { $0.open() } }

    /// Closes the stream for good; the data stays readable.
    public func close() { state.withLock { $0.close() } }

    /// Appends all of `bytes` and returns their count, or −1 unless open.
    public func write(_ bytes: ArraySlice<UInt8>) -> Int { state.withLock { $0.write(bytes) } }
}

import LabRuntime

/// A stream that collects what is written in memory, like `+[NSOutputStream
/// outputStreamToMemory]`: the stream AFNetworking's `outputStream` getter creates lazily and
/// whose `NSStreamDataWrittenToMemoryStreamKey` becomes `responseData`.
///
/// Its state is a `LabCell`: the network thread appends chunks while another thread may
/// read its length (AFNetworking's HTTP pause does, without a lock), so under simulation
/// every access is a scheduling point and a traced `cell.*` event.
public final class MemoryOutputStream: LabOutputStream {
    /// `MemoryOutputStream`, as traces name it.
    public var traceTypeName: String { "MemoryOutputStream" }

    private let state: LabCell<InMemoryStreamState>

    /// Creates a not-open memory stream (`outputStreamToMemory`) in the caller's runtime.
    public init() {
        state = LabCell("outputStreamToMemory", InMemoryStreamState(capacity: nil)) { $0.summary }
    }

    /// The stream's state.
    public var streamStatus: StreamStatus { state.load().status }

    /// True only while open: memory never fills.
    public var hasSpaceAvailable: Bool { state.load().hasSpaceAvailable }

    /// Always nil: writing to memory cannot fail.
    public var streamError: StreamError? { nil }

    /// Every byte written so far, before, during and after the stream is open.
    public var dataWrittenToMemory: [UInt8]? {
        var snapshot = state.load()
        return snapshot.joined()
    }

    /// Always nil: a memory stream has no file offset.
    public var fileCurrentOffset: Int? { nil }

    /// Opens a not-open stream; does nothing otherwise.
    public func open() { state.update { $0.open() } }

    /// Closes the stream for good; the data stays readable.
    public func close() { state.update { $0.close() } }

    /// Appends all of `bytes` and returns their count, or −1 unless open.
    public func write(_ bytes: ArraySlice<UInt8>) -> Int { state.update { $0.write(bytes) } }
}

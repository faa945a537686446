/// The `NSOutputStream` surface AFNetworking 2.6.3's `AFURLConnectionOperation` uses
/// (spec §3.10, §3.11, §7): open, write, `hasSpaceAvailable`, close, `streamError`, and the
/// two properties it reads, `NSStreamDataWrittenToMemoryStreamKey` and
/// `NSStreamFileCurrentOffsetKey`.
///
/// Rules every kind follows:
/// - ``open()`` opens a not-open stream and does nothing otherwise, so an open stream stays
///   open and a closed one stays closed ("once closed, a stream cannot be reopened");
/// - ``close()`` is final, from any state;
/// - space is available only while open (and, for a fixed buffer, not full);
/// - ``write(_:)`` returns −1 unless open, and then changes nothing.
///
/// Streams are classes with reference identity, like `NSOutputStream`, and are safe to use
/// from several threads: each guards its state with a mutex.
public protocol LabOutputStream: AnyObject, Sendable {
    /// The stream's state (`streamStatus`).
    var streamStatus: StreamStatus { get }

    /// Whether a write would accept bytes now (`hasSpaceAvailable`).
    var hasSpaceAvailable: Bool { get }

    /// Why the stream is in the error state (`streamError`), or nil.
    var streamError: StreamError? { get }

    /// Everything written so far for a memory stream, readable after close
    /// (`NSStreamDataWrittenToMemoryStreamKey`); nil for the other kinds.
    var dataWrittenToMemory: [UInt8]? { get }

    /// The file offset for a file stream (`NSStreamFileCurrentOffsetKey`); nil for the
    /// other kinds.
    var fileCurrentOffset: Int? { get }

    /// Opens a not-open stream (`open`); does nothing in any other state.
    func open()

    /// Closes the stream for good (`close`).
    func close()

    /// Writes a prefix of `bytes` and returns how many were taken: −1 when the stream is not
    /// open or the write failed, 0 when there is no space (`write:maxLength:`).
    func write(_ bytes: ArraySlice<UInt8>) -> Int

    /// The stream's type as traces name it, e.g. `MemoryOutputStream`; the lab's own kinds
    /// give a constant, so naming them builds no string.
    var traceTypeName: String { get }
}

extension LabOutputStream {
    /// The type's unqualified name, looked up at each call.
    public var traceTypeName: String { _typeName(type(of: self), qualified: false) }

    /// Writes a prefix of `bytes`, as ``write(_:)`` does for a slice.
    public func write(_ bytes: [UInt8]) -> Int {
        write(bytes[...])
    }
}

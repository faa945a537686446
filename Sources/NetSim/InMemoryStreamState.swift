/// The state shared by the two in-memory output streams: the memory stream is the buffer
/// stream with no capacity limit. States go not-open → open → closed, and closed is final.
struct InMemoryStreamState: Sendable {
    var status = StreamStatus.notOpen
    var bytes: [UInt8] = []
    /// The most bytes the stream takes; `nil` for memory, which never fills.
    let capacity: Int?

    /// Whether a write would take at least one byte.
    var hasSpaceAvailable: Bool { status == .open && bytes.count < (capacity ?? Int.max) }

    /// Opens a not-open stream; does nothing otherwise.
    mutating func open() {
        if status == .notOpen { status = .open }
    }

    /// Closes the stream for good; the bytes stay readable.
    mutating func close() { status = .closed }

    /// Takes as much of `bytes` as fits and returns how many: 0 when full, −1 unless open.
    mutating func write(_ bytes: ArraySlice<UInt8>) -> Int {
        guard status == .open else { return -1 }
        let taken = bytes.prefix((capacity ?? Int.max) - self.bytes.count)
        self.bytes.append(contentsOf: taken)
        return taken.count
    }
}

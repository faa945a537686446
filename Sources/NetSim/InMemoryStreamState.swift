import LabRuntime
import RunLoopKit

/// The state shared by the two in-memory output streams: the memory stream is the buffer
/// stream with no capacity limit. States go not-open → open → closed, and closed is final.
///
/// Written bytes are kept as the chunks they arrived in (a chunk that is a whole array is
/// kept without copying it) and joined into one array, of exactly their size, the first
/// time they are read. Appending to one growing array instead would copy a response again
/// each time its capacity doubles, into freshly faulted pages.
struct InMemoryStreamState: Sendable {
    var status = StreamStatus.notOpen
    /// The chunks written, in order: a body written in one chunk (a response read in one
    /// read) allocates no list of chunks, and a copy of the state retains one array.
    private var chunks = FirstInlineList<[UInt8]>()
    /// How many bytes the chunks hold together.
    private var count = 0
    /// The most bytes the stream takes; `nil` for memory, which never fills.
    let capacity: Int?

    init(capacity: Int?) { self.capacity = capacity }

    /// `"open, 12 bytes"`: how a trace shows the state.
    var summary: String {
        String {
            $0.write(status.description)
            $0.write(", ")
            $0.write(count)
            $0.write(" bytes")
        }
    }

    /// Whether a write would take at least one byte.
    var hasSpaceAvailable: Bool { status == .open && count < (capacity ?? Int.max) }

    /// Opens a not-open stream; does nothing otherwise.
    mutating func open() {
        if status == .notOpen { status = .open }
    }

    /// Closes the stream for good; the bytes stay readable.
    mutating func close() { status = .closed }

    /// Takes as much of `bytes` as fits and returns how many: 0 when full, −1 unless open.
    mutating func write(_ bytes: ArraySlice<UInt8>) -> Int {
        guard status == .open else { return -1 }
        let taken = bytes.prefix((capacity ?? Int.max) - count)
        if !taken.isEmpty {
            chunks.append(Array(taken))
            count += taken.count
        }
        return taken.count
    }

    /// Every byte written so far, in order, as one array.
    mutating func joined() -> [UInt8] {
        if chunks.hasMoreThanOne {
            var whole: [UInt8] = []
            whole.reserveCapacity(count)
            chunks.forEach { whole.append(contentsOf: $0) }
            chunks = FirstInlineList()
            chunks.append(whole)
        }
        return chunks.first ?? []
    }
}

import Glibc

/// Collects one LF-terminated line across input chunks, within a byte budget.
///
/// A line that lies wholly in the input it is taken from (nearly every line of a head read
/// in one piece) is not copied: ``withContent(in:endingAt:_:)`` reads it where it is. A
/// line that begins in one input and ends in a later one is collected in an array.
struct LineAccumulator {
    /// The result of offering bytes to the accumulator.
    enum Progress<Index> {
        /// The input ran out before LF; all of it was taken.
        case needMore
        /// A line is complete; parsing resumes at `next`.
        case complete(next: Index)
        /// The line (terminator included) would exceed the budget.
        case overflow
    }

    /// Room made for the first line collected across inputs.
    private static let typicalLineBytes = 128

    /// The bytes of a line that began in an earlier input.
    private var bytes: [UInt8] = []
    private var isComplete = false
    /// Whether the completed line lies in the input it was taken from, just before where
    /// parsing resumes, rather than in ``bytes``.
    private var isInInput = false
    /// The completed line's length on the wire, terminator included.
    private(set) var wireCount = 0
    /// The completed line's length without its LF and without one CR before it.
    private(set) var contentCount = 0

    /// Takes bytes from `input[start...]` up to and including the first LF, as long as the
    /// whole line, terminator included, stays within `budget` bytes. A line completed by an
    /// earlier call is forgotten first.
    mutating func take<Bytes: Collection<UInt8>>(
        _ input: Bytes, from start: Bytes.Index, budget: Int
    ) -> Progress<Bytes.Index> {
        if isComplete {
            if !isInInput { bytes.removeAll(keepingCapacity: true) }
            isComplete = false
            isInInput = false
        }
        let lineEnd = Self.indexAfterLF(in: input, from: start)
        let segment = input[start..<(lineEnd ?? input.endIndex)]
        let count = segment.count
        guard bytes.count + count <= budget else { return .overflow }
        if let lineEnd, bytes.isEmpty {
            isInInput = true
            complete(wireCount: count, crBeforeLF: count >= 2 && segment.dropFirst(count - 2).first == HTTPGrammar.cr)
            return .complete(next: lineEnd)
        }
        if bytes.capacity == 0 { bytes.reserveCapacity(Self.typicalLineBytes) }
        bytes.append(contentsOf: segment)
        guard let lineEnd else { return .needMore }
        complete(wireCount: bytes.count, crBeforeLF: bytes.count >= 2 && bytes[bytes.count - 2] == HTTPGrammar.cr)
        return .complete(next: lineEnd)
    }

    /// Where the first LF in `input[start...]` ends, or nil when there is none: found with
    /// `memchr` in contiguous storage, byte by byte otherwise.
    static func indexAfterLF<Bytes: Collection<UInt8>>(in input: Bytes, from start: Bytes.Index) -> Bytes.Index? {
        let rest = input[start...]
        let searched = rest.withContiguousStorageIfAvailable { storage -> Int? in
            guard let base = storage.baseAddress, let found = memchr(base, Int32(HTTPGrammar.lf), storage.count) else {
                return nil
            }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
        if let searched { return searched.map { input.index(start, offsetBy: $0 + 1) } }
        return rest.firstIndex(of: HTTPGrammar.lf).map { input.index(after: $0) }
    }

    /// The index just past the blank line (CRLF, or a bare LF) that ends the head at the
    /// start of `input`, if the whole head is there: where a request's or a response's head
    /// ends.
    static func indexAfterBlankLine<Bytes: RandomAccessCollection<UInt8>>(in input: Bytes) -> Int? where Bytes.Index == Int {
        var lineStart = input.startIndex
        while let next = indexAfterLF(in: input, from: lineStart) {
            let length = next - 1 - lineStart
            if length == 0 || (length == 1 && input[lineStart] == HTTPGrammar.cr) { return next }
            lineStart = next
        }
        return nil
    }

    /// Whether a line that began in an earlier input is still being collected.
    var isCollecting: Bool { !isComplete && !bytes.isEmpty }

    private mutating func complete(wireCount: Int, crBeforeLF: Bool) {
        isComplete = true
        self.wireCount = wireCount
        contentCount = wireCount - (crBeforeLF ? 2 : 1)
    }

    /// Calls `body` with the completed line without its LF and without one CR before it.
    /// `input` and `next` are those of the ``take(_:from:budget:)`` that completed it.
    func withContent<Bytes: Collection<UInt8>, Parsed>(
        in input: Bytes, endingAt next: Bytes.Index,
        _ body: (Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPParseError) -> Parsed
    ) throws(HTTPParseError) -> Parsed {
        guard isInInput else { return try Self.content(of: bytes, count: contentCount, body) }
        let start = input.distance(from: input.startIndex, to: next) - wireCount
        let inPlace = input.withContiguousStorageIfAvailable { storage in
            Result { () throws(HTTPParseError) in try body(storage[start..<(start + contentCount)]) }
        }
        if let inPlace { return try inPlace.get() }
        let copy = Array(input[input.index(input.startIndex, offsetBy: start)..<next])
        return try Self.content(of: copy, count: contentCount, body)
    }

    /// `body` called with the first `count` bytes of `line`.
    private static func content<Parsed>(
        of line: [UInt8], count: Int, _ body: (Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPParseError) -> Parsed
    ) throws(HTTPParseError) -> Parsed {
        try line.withUnsafeBufferPointer { storage in
            Result { () throws(HTTPParseError) in try body(storage[..<count]) }
        }.get()
    }
}

/// Collects one LF-terminated line across input chunks, within a byte budget.
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

    /// Room made for the first line, so that the lines of a typical head share one array.
    private static let typicalLineBytes = 128

    private var bytes: [UInt8] = []
    private var isComplete = false

    /// Takes bytes from `input[start...]` up to and including the first LF, as long as the
    /// whole line, terminator included, stays within `budget` bytes. A line completed by an
    /// earlier call is forgotten first.
    mutating func take<Bytes: Collection<UInt8>>(
        _ input: Bytes, from start: Bytes.Index, budget: Int
    ) -> Progress<Bytes.Index> {
        if isComplete {
            bytes.removeAll(keepingCapacity: true)
            isComplete = false
        } else if bytes.capacity == 0 {
            bytes.reserveCapacity(Self.typicalLineBytes)
        }
        let rest = input[start...]
        let lineEnd = rest.firstIndex(of: HTTPGrammar.lf).map { input.index(after: $0) }
        let segment = input[start..<(lineEnd ?? input.endIndex)]
        guard bytes.count + segment.count <= budget else { return .overflow }
        bytes.append(contentsOf: segment)
        guard let lineEnd else { return .needMore }
        isComplete = true
        return .complete(next: lineEnd)
    }

    /// The completed line without its LF and without one CR before it.
    var content: ArraySlice<UInt8> {
        var end = bytes.endIndex
        if end > 0, bytes[end - 1] == HTTPGrammar.lf { end -= 1 }
        if end > 0, bytes[end - 1] == HTTPGrammar.cr { end -= 1 }
        return bytes[..<end]
    }

    /// The completed line's length on the wire, terminator included.
    var wireCount: Int { bytes.count }
}

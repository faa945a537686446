/// The comma-separated elements of a header value (RFC 9110 §5.6.1), each trimmed of spaces
/// and tabs, empty ones included, read in place from the value's UTF-8 without allocating.
struct HTTPListElements: Sequence, IteratorProtocol {
    private let utf8: Substring.UTF8View
    private var start: Substring.UTF8View.Index?

    /// The elements of `value`.
    init(_ value: String) {
        utf8 = value[...].utf8
        start = utf8.startIndex
    }

    /// The next element, or nil after the last.
    mutating func next() -> Substring.UTF8View? {
        guard let from = start else { return nil }
        let end = utf8[from...].firstIndex(of: HTTPGrammar.comma) ?? utf8.endIndex
        start = end == utf8.endIndex ? nil : utf8.index(after: end)
        return HTTPGrammar.trimmed(utf8[from..<end])
    }
}

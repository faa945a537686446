/// The comma-separated elements of a header value (RFC 9110 §5.6.1), each trimmed of spaces
/// and tabs, empty ones included, read in place from the value's UTF-8 bytes without
/// allocating. The elements point into `bytes`, so they are read while `bytes` is valid.
struct HTTPListElements: Sequence, IteratorProtocol {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var start: Int?

    /// The elements of the value whose UTF-8 is `bytes`.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        start = bytes.startIndex
    }

    /// The next element, or nil after the last.
    mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard let from = start else { return nil }
        let end = bytes[from...].firstIndex(of: HTTPGrammar.comma) ?? bytes.endIndex
        start = end == bytes.endIndex ? nil : end + 1
        return HTTPGrammar.trimmed(bytes[from..<end])
    }
}

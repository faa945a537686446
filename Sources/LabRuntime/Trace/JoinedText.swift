extension String {
    /// `prefix` followed by `text`, written into one buffer of the right size: the same
    /// text as `"\(prefix)\(text)"` without the steps of interpolating or appending, for
    /// what every run writes afresh, such as an operation's field name (`state of op A`).
    /// For ASCII text: the buffer is validated as UTF-8, which is slow for other text.
    @inlinable
    public init(joining prefix: StaticString, _ text: String) {
        precondition(prefix.hasPointerRepresentation, "a prefix is a string literal")
        var text = text
        let prefixLength = prefix.utf8CodeUnitCount
        let textLength = text.utf8.count
        self = text.withUTF8 { textBytes in
            String(unsafeUninitializedCapacity: prefixLength + textLength) { buffer in
                _ = UnsafeMutableBufferPointer(rebasing: buffer[..<prefixLength])
                    .initialize(fromContentsOf: UnsafeBufferPointer(start: prefix.utf8Start, count: prefixLength))
                _ = UnsafeMutableBufferPointer(rebasing: buffer[prefixLength...]).initialize(fromContentsOf: textBytes)
                return prefixLength + textLength
            }
        }
    }
}

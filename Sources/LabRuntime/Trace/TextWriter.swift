/// Writes a text's pieces (strings, string literals, numbers) one after the other into a
/// buffer on the stack, for ``Swift/String/init(writing:)``.
///
/// Traces name things afresh in every run: a hop's label, what the server did, a port set.
/// Interpolating such a text appends it piece by piece to a growing string, through a
/// temporary string for each number; this copies each piece's bytes once, and makes the
/// string at the end. A text longer than the buffer goes on in an ordinary string.
@usableFromInline package struct TextWriter: ~Copyable {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
    @usableFromInline var count = 0
    /// The text so far, once it no longer fits in `buffer`.
    @usableFromInline var overflow: String?

    @inlinable init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// Appends `text`.
    @inlinable package mutating func write(_ text: String) {
        if overflow != nil {
            overflow!.append(text)
            return
        }
        // Read in place: a copy to call `withUTF8` on would retain and release the text.
        if text.utf8.withContiguousStorageIfAvailable({ write(bytes: $0) }) == nil {
            var text = text
            text.withUTF8 { write(bytes: $0) }
        }
    }

    /// Appends the string literal `text`.
    @inlinable package mutating func write(_ text: StaticString) {
        precondition(text.hasPointerRepresentation, "a text literal is a string, not a single scalar")
        write(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `number` in decimal, as `"\(number)"` does.
    @inlinable package mutating func write(_ number: Int) {
        number.withDecimalDigits { write(bytes: $0) }
    }

    @inlinable mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        if overflow != nil {
            overflow!.append(String(decoding: bytes, as: UTF8.self))
        } else if count + bytes.count <= buffer.count {
            _ = UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(fromContentsOf: bytes)
            count += bytes.count
        } else {
            overflow = written + String(decoding: bytes, as: UTF8.self)
        }
    }

    /// What was written in the buffer, as a string.
    @inlinable var written: String { String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self) }

    /// The whole text; a text that fits the buffer is taken from the pthread's
    /// ``TextCache`` when the same was written before.
    @inlinable consuming func text() -> String {
        overflow ?? TextCache.text(written: UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
}

extension String {
    /// The text that `write` writes, piece by piece, with a ``TextWriter``: the same string
    /// as interpolating the pieces, made with one copy of each.
    @inlinable package init(writing write: (inout TextWriter) -> Void) {
        self = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
            var writer = TextWriter(buffer: buffer)
            write(&writer)
            return writer.text()
        }
    }
}

/// Parses a `chunk-size [; extensions]` line (terminator already removed); extensions are
/// ignored.
enum HTTPChunkSizeLine {
    static func parse(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPParseError) -> Int {
        var size = 0
        var index = line.startIndex
        while index < line.endIndex, let digit = HTTPGrammar.hexValue(line[index]) {
            guard let next = HTTPGrammar.appendDigit(digit, to: size, radix: 16) else {
                throw .invalidChunk("the chunk size overflows")
            }
            size = next
            index += 1
        }
        guard index > line.startIndex else { throw .invalidChunk("the chunk size is not hexadecimal") }
        let rest = line[index...].drop(while: HTTPGrammar.isWhitespace)
        guard index == line.endIndex || rest.first == HTTPGrammar.semicolon else {
            throw .invalidChunk("unexpected character after the chunk size")
        }
        return size
    }
}

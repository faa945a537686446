/// Byte classes from RFC 9110/9112 that the parser checks against.
enum HTTPGrammar {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let comma: UInt8 = 0x2C

    /// `tchar`: the characters allowed in a token such as a field name.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"),
            UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
            UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// `field-vchar`, space or tab: what a field value or reason phrase may contain.
    static func isTextByte(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= space && byte != 0x7F)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    static func decimalValue(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
    }

    /// Whether two byte sequences are equal when ASCII letters are compared without case.
    static func equalIgnoringASCIICase(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for index in a.indices where a[index] != b[index] && lowercased(a[index]) != lowercased(b[index]) {
            return false
        }
        return true
    }

    /// `bytes` without leading and trailing spaces and tabs.
    static func trimmed<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes where Bytes.SubSequence == Bytes {
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !isWhitespace($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }

    /// Accumulates one decimal or hexadecimal digit, or nil on `Int` overflow.
    static func appendDigit(_ digit: Int, to value: Int, radix: Int) -> Int? {
        let (shifted, overflowA) = value.multipliedReportingOverflow(by: radix)
        let (sum, overflowB) = shifted.addingReportingOverflow(digit)
        return overflowA || overflowB ? nil : sum
    }
}

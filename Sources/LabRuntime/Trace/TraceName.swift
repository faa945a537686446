extension String {
    /// `"V3 state of op A"`: how traces name a lab object, the letter of its kind and its
    /// number, a space, then `name`; the same text as `"V\(number) \(name)"`, written into
    /// one buffer of the right size instead of grown piece by piece, since every run names
    /// its cells and locks afresh. `number` is not negative.
    init(traceNameOf letter: Unicode.Scalar, _ number: Int, _ name: String) {
        precondition(letter.isASCII && number >= 0, "a trace name is an ASCII letter and a number that is not negative")
        var name = name
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let nameLength = name.utf8.count
        self = name.withUTF8 { nameBytes in
            String(unsafeUninitializedCapacity: digits + 2 + nameLength) { buffer in
                buffer[0] = UInt8(letter.value)
                var value = number
                for position in stride(from: digits, to: 0, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                buffer[digits + 1] = UInt8(ascii: " ")
                _ = UnsafeMutableBufferPointer(rebasing: buffer[(digits + 2)...]).initialize(fromContentsOf: nameBytes)
                return digits + 2 + nameLength
            }
        }
    }
}

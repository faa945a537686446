extension String {
    /// `"V3 state of op A"`: how traces name a lab object, the letter of its kind and its
    /// number, a space, then `name`, or `field`, `" of "` and `name` for a field of an owner
    /// (`state` of `op A`); the same text as `"V\(number) \(name)"`, written into one buffer
    /// of the right size instead of grown piece by piece, since every run names its cells
    /// and locks afresh; a name made before on the same pthread is taken from its
    /// ``TextCache`` instead. `number` is not negative.
    init(traceNameOf letter: Unicode.Scalar, _ number: Int, field: StaticString? = nil, _ name: String) {
        precondition(letter.isASCII && number >= 0, "a trace name is an ASCII letter and a number that is not negative")
        precondition(field?.hasPointerRepresentation ?? true, "a field is a string literal")
        self = TextCache.withCurrent { cache in
            if let kept = cache.text(letter, number, field: field, name) { return kept }
            let made = String(makingTraceNameOf: letter, number, field: field, name)
            cache.keep(made, letter, number, field: field, name)
            return made
        }
    }

    /// The trace name of these pieces, put together now.
    private init(makingTraceNameOf letter: Unicode.Scalar, _ number: Int, field: StaticString?, _ name: String) {
        let of: StaticString = " of "
        var name = name
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let fieldLength = field.map { $0.utf8CodeUnitCount + of.utf8CodeUnitCount } ?? 0
        let nameLength = name.utf8.count
        self = name.withUTF8 { nameBytes in
            String(unsafeUninitializedCapacity: digits + 2 + fieldLength + nameLength) { buffer in
                buffer[0] = UInt8(letter.value)
                var value = number
                for position in stride(from: digits, to: 0, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                buffer[digits + 1] = UInt8(ascii: " ")
                var next = digits + 2
                func write(_ bytes: UnsafeBufferPointer<UInt8>) {
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[next...]).initialize(fromContentsOf: bytes)
                    next += bytes.count
                }
                if let field {
                    write(UnsafeBufferPointer(start: field.utf8Start, count: field.utf8CodeUnitCount))
                    write(UnsafeBufferPointer(start: of.utf8Start, count: of.utf8CodeUnitCount))
                }
                write(nameBytes)
                return next
            }
        }
    }
}

extension Int {
    /// Calls `body` with the number written in decimal, a minus sign first when it is
    /// negative: the bytes of `"\(self)"`, written on the stack rather than into a string.
    /// What every text a run writes afresh (``TextWriter``, a fiber stack's name) takes its
    /// numbers from.
    @inlinable package func withDecimalDigits<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // Twenty digits and a sign hold any Int.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            var position = digits.count
            var rest = self
            repeat {
                position -= 1
                digits[position] = UInt8(ascii: "0") + UInt8((rest % 10).magnitude)
                rest /= 10
            } while rest != 0
            if self < 0 {
                position -= 1
                digits[position] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(rebasing: digits[position...]))
        }
    }
}

/// Padding to a column width, shared by the demo, the step-through panels and the tutorial
/// tables.
extension String {
    /// The string padded on the right with spaces to `width` characters.
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// The string padded on the left with spaces to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

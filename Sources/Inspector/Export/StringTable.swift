/// Distinct strings in the order first met, each named by its index: how the HTML player's
/// data stores text that many entries repeat (code panel lines, panel cells) only once.
struct StringTable: Sendable {
    /// The strings, in the order first met.
    private(set) var strings: [String] = []
    /// The index of each string in ``strings``.
    private var indices: [String: Int] = [:]

    /// The index of `text`, adding it if it is new.
    mutating func index(of text: String) -> Int {
        if let index = indices[text] { return index }
        strings.append(text)
        indices[text] = strings.count - 1
        return strings.count - 1
    }
}

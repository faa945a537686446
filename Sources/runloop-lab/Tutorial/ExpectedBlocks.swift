/// The ```` ```expected ```` blocks of a lesson file, in order: what `tutorial check
/// --rewrite` replaces.
enum ExpectedBlocks {
    /// `text` with the body of its n-th expected block replaced by `blocks[n]`; blocks
    /// beyond `blocks` are left as they are. The parser has already checked that each step
    /// has exactly one expected block, in order.
    static func replacing(in text: String, with blocks: [[String]]) -> String {
        var lines: [String] = []
        var index = 0
        var skipping = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if skipping {
                guard line == "```" else { continue }
                skipping = false
            } else if line == "```expected", index < blocks.count {
                lines.append(line)
                lines += blocks[index]
                index += 1
                skipping = true
                continue
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

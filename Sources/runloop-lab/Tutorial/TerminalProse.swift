/// A lesson's Markdown prose as the lesson runner prints it in a terminal: `**bold**` loses
/// its asterisks, and a link keeps its text with where it leads in words, since a terminal
/// cannot follow it: another lesson as the command that runs it, a file by the link's path
/// when the text does not already name it.
enum TerminalProse {
    /// `prose` for a terminal.
    static func plain(_ prose: String) -> String {
        var result = ""
        var rest = Substring(prose.replacing("**", with: ""))
        while let open = rest.firstIndex(of: "[") {
            guard let close = rest[open...].firstIndex(of: "]"),
                rest.index(after: close) < rest.endIndex, rest[rest.index(after: close)] == "(",
                let end = rest[close...].firstIndex(of: ")")
            else {
                result += rest[...open]
                rest = rest[rest.index(after: open)...]
                continue
            }
            result += rest[..<open]
            let text = rest[rest.index(after: open)..<close]
            let target = rest[rest.index(close, offsetBy: 2)..<end]
            result += text + destination(target, text: text)
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// ` (runloop-lab tutorial run 11)` for a lesson, ` (scenarios/x.lab)` (the link as
    /// written, from the lesson's folder) for a file the text does not name, or nothing.
    private static func destination(_ target: Substring, text: Substring) -> String {
        let file = target.split(separator: "/").last.map(String.init) ?? String(target)
        if file.hasSuffix(".md"), let number = Int(file.prefix(2)), file.dropFirst(2).first == "-" {
            return " (runloop-lab tutorial run \(number))"
        }
        if target.hasPrefix("http") || target.hasPrefix("#") || text.contains(file) { return "" }
        return " (\(target))"
    }
}

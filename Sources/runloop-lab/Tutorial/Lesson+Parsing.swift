extension Lesson {
    /// Reads a lesson from its Markdown text.
    ///
    /// Fenced blocks are opened and closed by lines starting with three backticks. A block
    /// whose info string is `lab` (optionally followed by `show EVENT …`) is a scenario, one
    /// whose info string is `command` a `runloop-lab` command line (see ``CommandStep``), and
    /// the next fenced block must be an `expected` block; every other block is prose.
    ///
    /// - Parameters:
    ///   - text: the Markdown.
    ///   - fileName: the file name, `NN-slug.md`, which gives the lesson number.
    /// - Throws: ``LessonFormatError`` for a missing title, an unclosed block, a `lab` or
    ///   `command` block without its `expected` block, a stray `expected` block, or no steps at all.
    static func parse(_ text: String, fileName: String) throws(LessonFormatError) -> Lesson {
        guard let number = number(ofFileNamed: fileName) else {
            throw LessonFormatError(fileName: fileName, line: 1, message: "a lesson file is named NN-slug.md")
        }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        var title: String?
        var steps: [LessonStep] = []
        var prose: [String] = []
        var pending: (fence: Int, kind: LessonStep.Kind, scenario: [String], shown: [String])?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("```") else {
                if title == nil, line.hasPrefix("# ") {
                    title = String(line.dropFirst(2))
                } else if pending == nil {
                    prose.append(line)
                } else if !line.allSatisfy(\.isWhitespace) {
                    throw LessonFormatError(
                        fileName: fileName, line: index + 1, message: "text between a lab or command block and its expected block")
                }
                index += 1
                continue
            }
            let info = line.dropFirst(3).split(separator: " ").map(String.init)
            guard let close = lines[(index + 1)...].firstIndex(where: { $0.hasPrefix("```") }) else {
                throw LessonFormatError(fileName: fileName, line: index + 1, message: "this block is never closed")
            }
            let body = Array(lines[(index + 1)..<close])
            switch (info.first, pending) {
            case ("lab", nil):
                guard info.count == 1 || info[1] == "show" else {
                    throw LessonFormatError(fileName: fileName, line: index + 1, message: "a lab block takes only 'show EVENT …'")
                }
                pending = (index + 1, .scenario, body, Array(info.dropFirst(2)))
                prose.append(contentsOf: lines[index...close])
            case ("command", nil):
                guard info.count == 1 else {
                    throw LessonFormatError(fileName: fileName, line: index + 1, message: "a command block takes nothing after 'command'")
                }
                pending = (index + 1, .command, body, [])
                prose.append(contentsOf: lines[index...close])
            case ("expected", let open?):
                steps.append(
                    LessonStep(
                        prose: prose.joined(separator: "\n"),
                        kind: open.kind,
                        scenario: open.scenario.joined(separator: "\n"),
                        shownEvents: open.shown,
                        expected: body,
                        line: open.fence
                    ))
                prose = []
                pending = nil
            case ("expected", nil):
                throw LessonFormatError(
                    fileName: fileName, line: index + 1, message: "an expected block must follow a lab or command block")
            case (_, let open?):
                throw LessonFormatError(
                    fileName: fileName, line: open.fence,
                    message: "a \(open.kind == .command ? "command" : "lab") block must be followed by an expected block")
            case (_, nil):
                prose.append(contentsOf: lines[index...close])
            }
            index = close + 1
        }
        if let open = pending {
            throw LessonFormatError(
                fileName: fileName, line: open.fence,
                message: "a \(open.kind == .command ? "command" : "lab") block must be followed by an expected block")
        }
        guard let title else {
            throw LessonFormatError(fileName: fileName, line: 1, message: "a lesson starts with a '# Title' line")
        }
        guard !steps.isEmpty else {
            throw LessonFormatError(fileName: fileName, line: 1, message: "a lesson needs at least one lab or command block")
        }
        return Lesson(number: number, fileName: fileName, title: title, steps: steps, closingProse: prose.joined(separator: "\n"))
    }
}

/// A lesson step that runs one `runloop-lab` command in-process: `explore`, `replay` or
/// `trace`, the Inspector's commands, whose standard output is deterministic (the explorer's
/// report does not depend on `--jobs`).
///
/// The step prints the command's standard output, then, for bad arguments, the first line
/// of its error message, then `exit status: N`. Timing, which `explore` writes to standard
/// error, is left out. `trace --output` is refused: a lesson writes no files.
enum CommandStep {
    /// The commands a lesson may run.
    static let allowedCommands = ["explore", "replay", "trace"]

    /// The lines a `command` block's text prints.
    static func lines(for text: String) throws(StepOutput.SystemCallFailure) -> [String] {
        let arguments: [String]
        switch words(of: text) {
        case .success(let parsed): arguments = parsed
        case .failure(let error): return ["error: \(error.message)"]
        }
        guard arguments.first == "runloop-lab", arguments.count >= 2 else {
            return ["error: a command step is one line starting with 'runloop-lab'"]
        }
        guard allowedCommands.contains(arguments[1]) else {
            return ["error: a command step runs \(allowedCommands.joined(separator: ", ")), not '\(arguments[1])'"]
        }
        guard !arguments.contains("--output") else {
            return ["error: a command step prints its output; --output is not allowed"]
        }
        let console = RecordingConsole()
        let status = RunLoopLabCLI.run(Array(arguments.dropFirst()), console: console)
        if status == ExitCode.systemError {
            throw StepOutput.SystemCallFailure(message: console.errors.first ?? "a system call failed (exit status 71)")
        }
        var lines = console.output
        if status == ExitCode.usage, let message = console.errors.first { lines.append(message) }
        lines.append("exit status: \(status)")
        return lines
    }

    /// A command-line word list that did not split.
    struct SplitError: Error, Equatable {
        /// What is wrong with it.
        let message: String
    }

    /// The words of `text`, split at spaces as a shell does for plain words and
    /// double-quoted strings (`"4:T2 9:T1"` is one word; `\"` and `\\` escape inside quotes).
    static func words(of text: String) -> Result<[String], SplitError> {
        let lines = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
        guard lines.count == 1 else { return .failure(SplitError(message: "a command step holds exactly one line")) }
        var words: [String] = []
        var current: String?
        var quoted = false
        var escaped = false
        for character in lines[0] {
            if escaped {
                current?.append(character)
                escaped = false
            } else if quoted {
                switch character {
                case "\\": escaped = true
                case "\"": quoted = false
                default: current?.append(character)
                }
            } else if character == " " || character == "\t" {
                if let word = current { words.append(word) }
                current = nil
            } else if character == "\"" {
                quoted = true
                current = current ?? ""
            } else {
                current = (current ?? "") + String(character)
            }
        }
        guard !quoted else { return .failure(SplitError(message: "a quoted word is never closed")) }
        if let word = current { words.append(word) }
        return .success(words)
    }
}

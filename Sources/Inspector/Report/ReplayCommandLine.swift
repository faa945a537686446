import LabRuntime

/// The command line that replays a schedule of a registered scenario or a scenario file.
public enum ReplayCommandLine {
    /// `runloop-lab replay --scenario abba --schedule "9:T2"`, with a path a shell would split
    /// or expand (a space, a quote, a `$`) in single quotes, so that the line can be pasted.
    public static func text(scenario: String, schedule: Schedule) -> String {
        "runloop-lab replay --scenario \(shellWord(scenario)) --schedule \"\(schedule)\""
    }

    /// `word` as one shell word: as it is when it holds only characters no shell treats
    /// specially, else in single quotes, each `'` in it written `'\''`.
    static func shellWord(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./+:,=@%".unicodeScalars.contains(scalar)
            }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
}

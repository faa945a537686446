/// Why a lesson file could not be read as a lesson: its name, line and what is wrong.
struct LessonFormatError: Error, Equatable, CustomStringConvertible {
    /// The file, as given to the parser.
    let fileName: String

    /// The 1-based line the problem is on.
    let line: Int

    /// What is wrong, in a few words.
    let message: String

    /// `01-event-loop.md:12: a lab block must be followed by an expected block`.
    var description: String { "\(fileName):\(line): \(message)" }
}

/// A numbered lesson: a Markdown file `NN-slug.md` whose first `# ` heading is the title,
/// with prose and checked steps (see ``LessonStep``), and the prose after the last step.
struct Lesson: Equatable, Sendable {
    /// The lesson number, from the file name's first two digits.
    let number: Int

    /// The file name, such as `01-event-loop.md`.
    let fileName: String

    /// The text of the first `# ` heading.
    let title: String

    /// The steps, in order.
    let steps: [LessonStep]

    /// The Markdown after the last step.
    let closingProse: String

    /// The lesson number written with two digits, as in the file name.
    var numberText: String {
        number < 10 ? "0\(number)" : "\(number)"
    }

    /// The number a file called `name` holds when it is a lesson (`NN-slug.md`), else `nil`.
    static func number(ofFileNamed name: String) -> Int? {
        let characters = Array(name)
        guard characters.count > 6, name.hasSuffix(".md"), characters[2] == "-",
            characters[0].isASCII, characters[1].isASCII,
            let tens = characters[0].wholeNumberValue, let ones = characters[1].wholeNumberValue
        else { return nil }
        return tens * 10 + ones
    }
}

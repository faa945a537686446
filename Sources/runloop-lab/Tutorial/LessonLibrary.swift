/// The lesson files of a tutorial directory: `NN-slug.md` in it (English) and in its
/// `zh-Hans` subdirectory.
struct LessonLibrary: Sendable {
    /// The tutorial directory, `Tutorials` by default.
    let root: String

    /// The English lesson file names, by lesson number, or `nil` when `root` cannot be read.
    func lessonFileNames() -> [String]? {
        TextFile.entries(of: root)?.filter { Lesson.number(ofFileNamed: $0) != nil }
    }

    /// What a subcommand prints when ``lessonFileNames()`` is `nil`.
    var unreadableMessage: String {
        "runloop-lab tutorial: cannot read the tutorial directory '\(root)'"
    }

    /// Whether the lesson file `fileName` exists in `language`.
    func exists(_ fileName: String, in language: LessonLanguage) -> Bool {
        TextFile.entries(of: language.directory(in: root))?.contains(fileName) ?? false
    }

    /// Reads and parses the lesson file `fileName` in `language`.
    func lesson(_ fileName: String, in language: LessonLanguage) -> Result<Lesson, LessonFormatError> {
        let path = language.directory(in: root) + "/" + fileName
        guard let text = TextFile.read(path) else {
            return .failure(LessonFormatError(fileName: path, line: 1, message: "cannot read the file"))
        }
        return Result { () throws(LessonFormatError) in try Lesson.parse(text, fileName: fileName) }
    }
}

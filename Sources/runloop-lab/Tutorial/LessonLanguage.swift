/// A language a lesson is written in: English, beside `Tutorials/`, or Simplified Chinese, in
/// `Tutorials/zh-Hans/`.
enum LessonLanguage: String, CaseIterable, Sendable {
    /// English, the lesson files in the tutorial directory itself.
    case english = "en"

    /// Simplified Chinese, the lesson files in the `zh-Hans` subdirectory.
    case simplifiedChinese = "zh-Hans"

    /// The directory holding this language's lessons, inside the tutorial directory `root`.
    func directory(in root: String) -> String {
        switch self {
        case .english: root
        case .simplifiedChinese: root + "/zh-Hans"
        }
    }
}

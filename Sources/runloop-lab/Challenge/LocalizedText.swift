/// A line the challenge shows in either lesson language: English and Simplified Chinese.
struct LocalizedText: Sendable, Equatable {
    /// The English text.
    let english: String
    /// The Simplified Chinese text.
    let chinese: String

    /// The text in `language`.
    func text(in language: LessonLanguage) -> String {
        switch language {
        case .english: english
        case .simplifiedChinese: chinese
        }
    }
}

/// The tutorial runner's own lines (around the lessons' text) in the lesson's language.
struct TutorialPhrases: Sendable {
    /// The language to speak.
    let language: LessonLanguage

    /// `Lesson 03: Title (en, 4 steps)`.
    func heading(number: String, title: String, steps: Int) -> String {
        switch language {
        case .english: "Lesson \(number): \(title) (en, \(steps) steps)"
        case .simplifiedChinese: "第 \(number) 课：\(title)（zh-Hans，共 \(steps) 步）"
        }
    }

    /// Where a resumed lesson starts, `start` steps having been done.
    func resuming(after start: Int) -> String {
        switch language {
        case .english:
            "Resuming at step \(start + 1); \(start == 1 ? "step 1 was" : "steps 1–\(start) were") done earlier (--restart shows them again)."
        case .simplifiedChinese:
            "从第 \(start + 1) 步继续；\(start == 1 ? "第 1 步" : "第 1–\(start) 步")已经完成（--restart 会重新显示）。"
        }
    }

    /// `── step 1 of 2: running the command above`; `block` is `command` or `scenario`.
    func running(step: Int, of count: Int, command: Bool) -> String {
        switch language {
        case .english: "── step \(step) of \(count): running the \(command ? "command" : "scenario") above"
        case .simplifiedChinese: "── 第 \(step) 步（共 \(count) 步）：运行上面的\(command ? "命令" : "场景")"
        }
    }

    /// The step's output differs from the lesson's.
    func differs(step: Int) -> String {
        switch language {
        case .english: "✗ step \(step) differs from the lesson's expected output:"
        case .simplifiedChinese: "✗ 第 \(step) 步的输出与课程中的预期不同："
        }
    }

    /// The step's output matches the lesson's.
    func matches(step: Int) -> String {
        switch language {
        case .english: "✓ step \(step) matches the lesson"
        case .simplifiedChinese: "✓ 第 \(step) 步与课程一致"
        }
    }

    /// The prompt between steps.
    var pressEnterForNext: String {
        switch language {
        case .english: "(press Enter for the next step; Ctrl-C stops, and the lesson resumes there)"
        case .simplifiedChinese: "（按回车键进入下一步；按 Ctrl-C 退出，下次从那一步继续）"
        }
    }

    /// The prompt after a long explanation, before the step's output scrolls it away.
    var pressEnterToRun: String {
        switch language {
        case .english: "(press Enter to run this step; Ctrl-C stops, and the lesson resumes here)"
        case .simplifiedChinese: "（按回车键运行这一步；按 Ctrl-C 退出，下次从这一步继续）"
        }
    }

    /// `Lesson 03 complete.`
    func complete(number: String) -> String {
        switch language {
        case .english: "Lesson \(number) complete."
        case .simplifiedChinese: "第 \(number) 课完成。"
        }
    }

    /// Progress could not be saved, because of `failure`; said once per lesson.
    func progressNotSaved(_ failure: String) -> String {
        switch language {
        case .english: "runloop-lab tutorial: progress not saved: \(failure)"
        case .simplifiedChinese: "runloop-lab tutorial：进度未保存：\(failure)"
        }
    }
}

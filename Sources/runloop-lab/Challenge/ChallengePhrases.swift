import Inspector
import LabRuntime

/// The challenge's own lines, in English or Simplified Chinese, like the tutorial runner's
/// ``TutorialPhrases``.
struct ChallengePhrases: Sendable {
    /// The language to speak.
    let language: LessonLanguage

    private func say(_ english: String, _ chinese: String) -> String {
        LocalizedText(english: english, chinese: chinese).text(in: language)
    }

    /// `RunLoop Lab challenge · level 2 of 8: An AB/BA deadlock`.
    func heading(_ level: ChallengeLevel) -> String {
        let title = level.title.text(in: language)
        let count = ChallengeLevel.all.count
        return say(
            "RunLoop Lab challenge · level \(level.number) of \(count): \(title)",
            "RunLoop Lab 挑战 · 第 \(level.number) 关（共 \(count) 关）：\(title)")
    }

    /// `goal: …`.
    func goal(_ level: ChallengeLevel) -> String {
        say("goal: ", "目标：") + level.goal.text(in: language)
    }

    /// Where the learner is: the choice, the scheduling point and the switches so far.
    func position(choice: Int, step: Int, schedule: Schedule) -> String {
        say(
            "choice \(choice) · scheduling point \(step) · your switches so far: \"\(schedule)\"",
            "第 \(choice) 次选择 · 调度点 \(step) · 目前的切换：\"\(schedule)\"")
    }

    /// The run is over: `outcome` and the learner's schedule.
    func ended(outcome: String, schedule: Schedule) -> String {
        say("the run is over: \(outcome) · your schedule \"\(schedule)\"", "运行已结束：\(outcome) · 你的调度 \"\(schedule)\"")
    }

    /// The heading of the recent events.
    var recentEvents: String { say("What just happened", "刚刚发生的事件") }

    /// Before the first event.
    var nothingYet: String { say("(nothing yet)", "（还没有事件）") }

    /// The heading of the threads panel.
    var threads: String { say("Threads (press a number to run that thread next)", "线程（按数字键让该线程下一个运行）") }

    /// The heading of the operations panel.
    var operations: String { say("Operations", "操作") }

    /// `next: lock L1 a`.
    func next(_ text: String) -> String { say("next: ", "下一步：") + text }

    /// The one-line key help.
    var keyHelp: String {
        say(
            "1-9 run that thread · Enter keep the current one · f until it blocks · u undo · ? help · q quit",
            "1-9 运行该线程 · 回车 让当前线程继续 · f 运行到它阻塞 · u 撤销 · ? 帮助 · q 退出")
    }

    /// The one-line key help once the run has ended: no thread is left to pick.
    var keyHelpAfterRun: String {
        say("u undo the last choice · ? help · q quit", "u 撤销上一次选择 · ? 帮助 · q 退出")
    }

    /// What `?` shows.
    var help: [String] {
        [
            say(
                "You are the scheduler: at every point where more than one thread can run, you pick which one goes next.",
                "你就是调度器：每当有多个线程可以运行时，由你决定下一个运行哪个。"),
            say(
                "Each runnable thread shows its number and what it would do next. Enter keeps the current thread running.",
                "每个可运行的线程都标有数字和它下一步要做的事。回车让当前线程继续运行。"),
            say(
                "f keeps the current thread running until it blocks; u takes back your last move by replaying the run from the start.",
                "f 让当前线程一直运行到阻塞；u 撤销你的上一步操作（从头重放这次运行）。"),
            say(
                "You win when the run ends with the bug: an expect line of the level's file fails.",
                "当运行以这个缺陷结束时你就赢了：关卡文件中的某条 expect 不成立。"),
        ]
    }

    /// A number key that names no runnable thread.
    func noSuchThread(_ key: Int, runnable: Int) -> String {
        say("\(key) is not a runnable thread here (1–\(runnable))", "\(key) 不是这里可运行的线程（1–\(runnable)）")
    }

    /// `f` passed `count` points.
    func fastForwarded(_ count: Int) -> String {
        say("ran on through \(count.counted("scheduling point"))", "继续运行了 \(count) 个调度点")
    }

    /// `u` at the start.
    var nothingToUndo: String { say("nothing to undo", "没有可以撤销的选择") }

    /// `u` took back a choice.
    func undone(choice: Int) -> String {
        say("undone: back at choice \(choice), replayed from the start", "已撤销：回到第 \(choice) 次选择（从头重放）")
    }

    /// A key after the end.
    var over: String { say("the run is over: u undoes the last choice, q quits", "运行已结束：u 撤销最后一次选择，q 退出") }

    /// The learner won.
    var won: String { say("You win! The run broke the rule the level states:", "你赢了！这次运行打破了关卡规定的规则：") }

    /// The run ended without the bug.
    var notWon: String {
        say(
            "The run ended without the bug: every expect line held. Press u to undo and try again.", "运行结束，但缺陷没有出现：每条 expect 都成立。按 u 撤销后再试。"
        )
    }

    /// `your schedule:      "8:T2"`.
    func yourSchedule(_ schedule: Schedule) -> String { say("your schedule:      ", "你的调度：        ") + "\"\(schedule)\"" }

    /// The explorer's shrunk schedule, or that it found none.
    func explorerSchedule(_ schedule: Schedule?) -> String {
        guard let schedule else { return say("explorer (shrunk):  found none in its budget", "探索器（收缩后）：在预算内没有找到") }
        return say("explorer (shrunk):  ", "探索器（收缩后）：") + "\"\(schedule)\""
    }

    /// Shown while the explorer searches.
    var askingExplorer: String { say("asking the explorer for its shortest schedule…", "正在请探索器找出最短的调度……") }

    /// `replay: runloop-lab replay …`.
    func replay(_ command: String) -> String { say("replay: ", "重放：") + command }

    /// The win was recorded.
    var progressSaved: String { say("progress saved", "进度已保存") }

    /// The win could not be recorded, because of `failure`.
    func progressNotSaved(_ failure: String) -> String { say("progress not saved: \(failure)", "进度未保存：\(failure)") }

    /// The verdict of a checked schedule that does not win.
    var scheduleDoesNotWin: String {
        say("not a win: every expect line held", "没有获胜：每条 expect 都成立")
    }

    /// The verdict of a schedule that could not be followed.
    var scheduleDiverged: String {
        say("not a win: the schedule does not fit this level", "没有获胜：这个调度与本关不符")
    }

    /// The list's heading.
    func listHeading(directory: String) -> String {
        say(
            "Challenges in \(directory) (play one with 'runloop-lab challenge N'):",
            "\(directory) 中的挑战（用 'runloop-lab challenge N' 开始）：")
    }

    /// The list's column titles.
    var listColumns: (level: String, progress: String) { (say("level", "关卡"), say("progress", "进度")) }

    /// A level's progress in the list.
    func progress(won: Bool) -> String { won ? say("won", "已通过") : "-" }

    /// Without a terminal and without `--schedule`.
    /// The browser's line when a run ends without the bug.
    var notWonInBrowser: String {
        say("The run ended without the bug: every expect line held. Undo and try another thread.", "运行结束，但缺陷没有出现：每条 expect 都成立。撤销后换一个线程试试。")
    }

    /// The browser's note that it left out the middle of a run's end.
    func skipped(_ count: Int) -> String {
        say(
            "(\(count) events with the default choice before these are not shown; the replay command shows the whole run)",
            "（此前按默认选择运行的 \(count) 个事件未显示；重放命令可显示整个运行）")
    }

    /// What the browser page holds of the level: its bound on switches, and whether it was
    /// cut short.
    func htmlBound(_ level: ChallengeLevel, switches: Int, nodes: Int, cut: Bool) -> String {
        let more =
            cut
            ? say(
                " The page was cut at \(nodes) choice points: a pick it does not hold is greyed out.", " 页面在 \(nodes) 个选择点处截断：未收录的选择显示为灰色。")
            : ""
        return say(
            "This page holds every schedule with up to \(switches) picks that differ from the default (the current thread goes on); past them the run keeps the default, except on the way of the explorer's shortest winning schedule. For more, play in the terminal: runloop-lab challenge \(level.number).",
            "本页收录与默认选择（当前线程继续运行）不同的选择不超过 \(switches) 次的所有调度；超过之后按默认继续（探索器找到的最短获胜调度所经之路除外）。想要更多，请在终端里玩：runloop-lab challenge \(level.number)。"
        ) + more
    }

    var needsTerminal: String {
        say(
            "this level is played in a terminal; without one, check a schedule with --schedule \"STEP:T<thread> …\", or play it in a browser: --html --output level.html",
            "这一关需要在终端中玩；没有终端时，可用 --schedule \"STEP:T<thread> …\" 检查一个调度，或在浏览器里玩：--html --output level.html")
    }
}

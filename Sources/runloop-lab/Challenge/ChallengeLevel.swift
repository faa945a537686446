/// One level of `runloop-lab challenge`: a scenario file in `Tutorials/challenges/` whose
/// `expect` lines state the correct behaviour, and the learner, choosing which thread runs
/// at every scheduling point, wins by breaking one of them.
struct ChallengeLevel: Sendable {
    /// The level's number, from 1.
    let number: Int
    /// The scenario file's name in the challenge directory, e.g. `02-abba-deadlock.lab`.
    let fileName: String
    /// The level's title.
    let title: LocalizedText
    /// What the learner must make happen.
    let goal: LocalizedText

    /// The challenge directory: `Tutorials/challenges` here or in the checkout (see
    /// ``CheckoutPath``).
    static var defaultDirectory: String { CheckoutPath.locate("Tutorials/challenges") ?? "Tutorials/challenges" }

    /// The level numbered `number`, if there is one.
    static func numbered(_ number: Int) -> ChallengeLevel? {
        all.first { $0.number == number }
    }

    /// Every level, in order.
    static let all = [
        ChallengeLevel(
            number: 1, fileName: "01-lost-update.lab",
            title: LocalizedText(english: "A lost update", chinese: "丢失的更新"),
            goal: LocalizedText(
                english: "Two threads each add 1 to count by reading it and writing it back. Make count end at 1.",
                chinese: "两个线程各自读出 count、加 1 再写回。让 count 最后等于 1。")),
        ChallengeLevel(
            number: 2, fileName: "02-abba-deadlock.lab",
            title: LocalizedText(english: "An AB/BA deadlock", chinese: "AB/BA 死锁"),
            goal: LocalizedText(
                english: "Make left and right each hold one lock while waiting for the other's.",
                chinese: "让 left 和 right 各持有一把锁，同时等待对方手里的那把。")),
        ChallengeLevel(
            number: 3, fileName: "03-wait-until-done.lab",
            title: LocalizedText(english: "A waitUntilDone deadlock", chinese: "waitUntilDone 死锁"),
            goal: LocalizedText(
                english: "Make main wait for the cache lock while the worker, holding it, waits for main to run its block.",
                chinese: "让 main 等待 cache 锁，而持有这把锁的 worker 正等待 main 执行它的块。")),
        ChallengeLevel(
            number: 4, fileName: "04-timer-tracking.lab",
            title: LocalizedText(english: "A timer that stops during tracking", chinese: "跟踪时停下的定时器"),
            goal: LocalizedText(
                english: "Get ui into its tracking run before the tracking mode is common, so the tick timer stops.",
                chinese: "让 ui 在跟踪模式成为 common 模式之前进入跟踪运行，使 tick 定时器停下。")),
        ChallengeLevel(
            number: 5, fileName: "05-cancel-loses.lab",
            title: LocalizedText(english: "Cancel loses to completion", chinese: "取消输给了完成"),
            goal: LocalizedText(
                english: "Make the cancelled download run its success block.",
                chinese: "让已经取消的下载仍然执行成功回调。")),
        ChallengeLevel(
            number: 6, fileName: "06-pause-before-start.lab",
            title: LocalizedText(english: "A pause before operationDidStart", chinese: "operationDidStart 之前的暂停"),
            goal: LocalizedText(
                english: "Pause the operation before operationDidStart runs, so the activity indicator stays on.",
                chinese: "在 operationDidStart 运行之前暂停操作，让网络活动指示器一直亮着。")),
        ChallengeLevel(
            number: 7, fileName: "07-paused-then-cancelled.lab",
            title: LocalizedText(english: "Paused, then cancelled, never finished", chinese: "先暂停再取消，永远不结束"),
            goal: LocalizedText(
                english: "Let the pause land before the cancel, so the cancelled operation never finishes.",
                chinese: "让暂停先于取消生效，使已取消的操作永远不会结束。")),
        ChallengeLevel(
            number: 8, fileName: "08-kvo-under-lock.lab",
            title: LocalizedText(english: "The KVO-under-the-lock deadlock", chinese: "锁内 KVO 死锁"),
            goal: LocalizedText(
                english: "Make main wait for the operation lock while the network thread, holding it in a KVO observer, waits for main.",
                chinese: "让 main 等待操作锁，而在 KVO 观察者里持有这把锁的网络线程正在等待 main。")),
    ]
}

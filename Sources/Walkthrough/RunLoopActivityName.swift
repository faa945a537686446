import RunLoopKit

/// The activities an `observe` line can name, with CF's names in CF's order.
enum RunLoopActivityName {
    static let all: [(name: String, activity: RunLoopActivity)] = [
        ("entry", .entry), ("beforeTimers", .beforeTimers), ("beforeSources", .beforeSources),
        ("beforeWaiting", .beforeWaiting), ("afterWaiting", .afterWaiting), ("exit", .exit),
    ]
}

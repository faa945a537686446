/// Anything that can be added to a run-loop mode.
enum RunLoopItem: Sendable {
    case source0(RunLoopSource)
    case port(PortSource)
    case timer(RunLoopTimer)
    case observer(RunLoopObserver)

    func isSame(as other: RunLoopItem) -> Bool {
        switch (self, other) {
        case let (.source0(a), .source0(b)): a === b
        case let (.port(a), .port(b)): a === b
        case let (.timer(a), .timer(b)): a === b
        case let (.observer(a), .observer(b)): a === b
        default: false
        }
    }
}

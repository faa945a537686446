/// Anything that can be added to a run-loop mode.
enum RunLoopItem: Sendable {
    case source0(RunLoopSource)
    case port(PortSource)
    case timer(RunLoopTimer)
    case observer(RunLoopObserver)

    /// The identity of the source, timer or observer inside.
    var identity: ObjectIdentifier {
        switch self {
        case let .source0(source): ObjectIdentifier(source)
        case let .port(source): ObjectIdentifier(source)
        case let .timer(timer): ObjectIdentifier(timer)
        case let .observer(observer): ObjectIdentifier(observer)
        }
    }
}

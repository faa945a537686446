import LabRuntime

/// Where "continue" stops: the next event of a kind (or family of kinds), about an
/// operation, or on a thread.
enum Breakpoint: Sendable, Equatable, CustomStringConvertible {
    /// An event whose name is `name`, starts with `name.` or ends with `.name`:
    /// `connection.callback`, `lock`, `callback`.
    case kind(String)
    /// An event about the operation or session task traced as `name` (`op big`, `task 1`).
    case operation(String)
    /// An event on thread `id`.
    case thread(LabThreadID)

    /// Reads what the user typed: `T2` or a thread's name, an event name or its first part
    /// or its first or last part (`lock`, `loop.wait`, `callback`), or an operation (`big` or `op big`, `task 1`) named in
    /// `trace`. Nil when it names none of these.
    init?(parsing text: String, in trace: [TraceEvent]) {
        let text = text.split(separator: " ").joined(separator: " ")
        if text.first == "T", let id = Int(text.dropFirst()), trace.contains(where: { $0.thread == id }) {
            self = .thread(id)
        } else if trace.contains(where: { Self.name($0.name, isKind: text) }) {
            self = .kind(text)
        } else if let name = ["op \(text)", text].first(where: { name in trace.contains { $0.kind.concerns(operation: name) } }) {
            self = .operation(name)
        } else if let event = trace.first(where: { $0.threadName == text }) {
            self = .thread(event.thread)
        } else {
            return nil
        }
    }

    /// Whether `event` is a place to stop.
    func matches(_ event: TraceEvent) -> Bool {
        switch self {
        case let .kind(name): Self.name(event.name, isKind: name)
        case let .operation(name): event.kind.concerns(operation: name)
        case let .thread(id): event.thread == id
        }
    }

    /// Whether an event called `eventName` is of the kind `kind`.
    private static func name(_ eventName: String, isKind kind: String) -> Bool {
        eventName == kind || eventName.hasPrefix(kind + ".") || eventName.hasSuffix("." + kind)
    }

    /// `connection.callback`, `op big`, `T2`.
    var description: String {
        switch self {
        case let .kind(name): name
        case let .operation(name): name
        case let .thread(id): "T\(id)"
        }
    }
}

extension TraceEvent.Kind {
    /// Whether the event is about the operation (or session task) traced as `name`: its
    /// state, cancel, completion, notifications, its connection's creation and callbacks,
    /// and the perform hops and key-value changes that name it.
    func concerns(operation name: String) -> Bool {
        switch self {
        case let .operationState(operation, _, _, _), let .operationCancelled(operation), let .completion(operation, _):
            operation == name
        case let .connectionCreated(_, _, delegate), let .delegateCallback(_, _, delegate):
            delegate == name || delegate == "delegate of \(name)"
        case let .notificationPosted(_, object), let .notificationDelivered(_, object, _), let .kvo(object, _, _):
            object == name
        case let .performEnqueued(label, _, _), let .performRun(label, _):
            label.hasSuffix(" " + name)
        default:
            false
        }
    }
}

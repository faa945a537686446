import LabRuntime

/// The colours of the HTML timeline: one per event category, and one per operation or
/// delegate (in first-seen order, so the same trace always gets the same colours).
enum TimelineColors {
    /// A box's category (a CSS class), fill and border.
    struct Style {
        let category: String
        let fill: String
        let stroke: String
    }

    /// The colours given to operations and delegates, in order.
    static let palette: [(fill: String, stroke: String)] = [
        ("#ffd8a8", "#e8590c"), ("#b2f2bb", "#2f9e44"), ("#d0bfff", "#6741d9"), ("#ffc9c9", "#e03131"),
        ("#99e9f2", "#0c8599"), ("#fcc2d7", "#c2255c"), ("#ffec99", "#e67700"), ("#c0eb75", "#5c940d"),
        ("#a5d8ff", "#1971c2"), ("#e9ecef", "#495057"),
    ]

    /// The operation or delegate an event is about, if any.
    static func owner(of event: TraceEvent) -> String? {
        switch event.kind {
        case let .delegateCallback(_, _, delegate), let .connectionCreated(_, _, delegate): delegate
        case let .operationState(operation, _, _, _), let .operationCancelled(operation), let .completion(operation, _): operation
        case let .kvo(object, _, _), let .notificationPosted(_, object), let .notificationDelivered(_, object, _): object
        default: nil
        }
    }

    /// Every owner in `trace`, in first-seen order.
    static func owners(in trace: [TraceEvent]) -> [String] {
        var owners: [String] = []
        for event in trace {
            if let owner = owner(of: event), !owners.contains(owner) { owners.append(owner) }
        }
        return owners
    }

    /// How `event`'s box looks.
    static func style(of event: TraceEvent, owners: [String]) -> Style {
        if let owner = owner(of: event), let index = owners.firstIndex(of: owner) {
            let colour = palette[index % palette.count]
            return Style(category: "owned", fill: colour.fill, stroke: colour.stroke)
        }
        switch event.kind {
        case .lockWait, .lockReleaseUnheld: return Style(category: "lock-wait", fill: "#ffa8a8", stroke: "#c92a2a")
        case .lockAcquire, .lockRelease: return Style(category: "lock", fill: "#fff3bf", stroke: "#f08c00")
        case .semaphoreSignal, .semaphoreWait: return Style(category: "semaphore", fill: "#e5dbff", stroke: "#7048e8")
        case .schedule: return Style(category: "switch", fill: "#f1f3f5", stroke: "#adb5bd")
        case .cellAccess: return Style(category: "cell", fill: "#fff0f6", stroke: "#d6336c")
        case .threadStart, .threadExit, .threadSpawn, .join: return Style(category: "thread", fill: "#d3f9d8", stroke: "#37b24d")
        case .performEnqueued, .performRun: return Style(category: "perform", fill: "#d0ebff", stroke: "#1c7ed6")
        case let .note(text) where text.hasPrefix(ScenarioExpectation.failurePrefix):
            return Style(category: "failure", fill: "#ff8787", stroke: "#c92a2a")
        case .note: return Style(category: "note", fill: "#fff9db", stroke: "#fab005")
        default: return Style(category: "loop", fill: "#e7f5ff", stroke: "#74c0fc")
        }
    }
}

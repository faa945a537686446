import LabRuntime

/// What a runnable thread would do next, in words, for the challenge's threads panel: its
/// ``VisibleOperation``, with the locks and cells named as the trace names them (`lock L1 a`,
/// `load V3 count`, in the words of the scheduling point the thread will stop at).
struct NextOperationText: Sendable {
    /// Trace names of the locks and cells met so far, by object.
    private var names: [LabObjectID: String] = [:]

    /// Names learned from `events`, the run so far.
    init(events: some Sequence<TraceEvent>) {
        for event in events {
            switch event.kind {
            case let .lockAcquire(lock, _, _), let .lockWait(lock, _, _), let .lockRelease(lock, _):
                learn(lock, prefix: "L", kind: .lock)
            case let .cellAccess(cell, _, _, _):
                learn(cell, prefix: "V", kind: .cell)
            default:
                break
            }
        }
    }

    /// Records `name` (`L1 a`) for the object whose number follows `prefix`.
    private mutating func learn(_ name: String, prefix: Character, kind: LabObjectKind) {
        guard name.first == prefix, let id = Int(name.dropFirst().prefix { $0.isNumber }) else { return }
        names[LabObjectID(kind, id)] = name
    }

    /// `L2` for a lock and `V3` for a cell not named in the trace yet; `port 1` for others.
    private static func shortName(_ object: LabObjectID) -> String {
        switch object.kind {
        case .lock: "L\(object.id)"
        case .cell: "V\(object.id)"
        default: object.description
        }
    }

    /// `operation` in words; `?` when unknown.
    func text(_ operation: VisibleOperation?) -> String {
        guard let operation else { return "?" }
        let object = operation.object.map { names[$0] ?? Self.shortName($0) } ?? ""
        switch operation.kind {
        case .start: return "start"
        case .load: return "load \(object)"
        case .store: return "store \(object)"
        case .readModifyWrite: return "read and write \(object)"
        case .lockAcquire: return "lock \(object)"
        case .lockRelease: return "unlock \(object)"
        case .semaphoreSignal: return "signal \(object)"
        case .semaphoreWait: return "wait on \(object)"
        case .spawn: return "start a thread"
        case .join: return "join a thread"
        case .send: return "send to \(object)"
        case .receive: return "wait for \(object)"
        case .sleep: return "sleep"
        case .yield: return "yield"
        }
    }
}

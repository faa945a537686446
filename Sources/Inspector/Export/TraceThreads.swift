import LabRuntime

/// The threads that appear in a trace, by id, with their names: the lanes, columns and
/// participants of every exporter.
struct TraceThreads {
    /// The threads, ascending by id.
    let all: [(id: LabThreadID, name: String)]

    init(_ trace: [TraceEvent]) {
        var threads: [(id: LabThreadID, name: String)] = []
        for event in trace where !threads.contains(where: { $0.id == event.thread }) {
            threads.append((event.thread, event.threadName))
        }
        all = threads.sorted { $0.id < $1.id }
    }

    /// The position of thread `id` among ``all``.
    func index(of id: LabThreadID) -> Int? { all.firstIndex { $0.id == id } }
}

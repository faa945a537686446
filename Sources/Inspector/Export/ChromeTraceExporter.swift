import AFReplay
import LabRuntime

/// Exports a trace as Chrome trace-event JSON, which Perfetto (ui.perfetto.dev) and
/// `chrome://tracing` open.
///
/// One track per lab thread. Timestamps are the simulation's virtual clock in microseconds,
/// exact to the nanosecond (`"ts":250000.5`), never faked: in simulation many events share
/// one virtual instant, and their order is kept by writing them in trace order and by the
/// tiebreak `seq` (the event's index in the trace) in every record's arguments. Each stretch
/// of events a thread ran without a switch is a `running` slice (of zero duration when the
/// clock did not move), every trace event is an instant event inside it, and every perform
/// hop is a flow arrow from the `perform.enqueue` to the `perform.run`.
public enum ChromeTraceExporter {
    /// The JSON document for `trace`, titled `title`.
    public static func json(_ trace: [TraceEvent], title: String) -> String {
        var records: [String] = [
            #"{"name":"process_name","ph":"M","pid":1,"tid":0,"args":{"name":\#(quoted(title))}}"#
        ]
        for thread in TraceThreads(trace).all {
            records.append(
                #"{"name":"thread_name","ph":"M","pid":1,"tid":\#(thread.id),"args":{"name":\#(quoted("T\(thread.id) \(thread.name)"))}}"#)
            records.append(#"{"name":"thread_sort_index","ph":"M","pid":1,"tid":\#(thread.id),"args":{"sort_index":\#(thread.id)}}"#)
        }
        records += runningSlices(trace)
        for event in trace {
            let category = event.name.split(separator: ".").first.map(String.init) ?? event.name
            let args = #"{"seq":\#(event.sequence),"time":\#(quoted(event.time.description)),"detail":\#(quoted(event.kind.detail))}"#
            records.append(
                #"{"name":\#(quoted(event.name)),"cat":\#(quoted(category)),"ph":"i","s":"t","pid":1,"tid":\#(event.thread),"ts":\#(microseconds(event.time)),"args":\#(args)}"#
            )
        }
        for (index, hop) in PerformHop.hops(in: trace).enumerated() {
            let name = quoted(hop.enqueue.kind.detail)
            records.append(
                #"{"name":\#(name),"cat":"hop","ph":"s","id":\#(index),"pid":1,"tid":\#(hop.enqueue.thread),"ts":\#(microseconds(hop.enqueue.time)),"args":{"seq":\#(hop.enqueue.sequence)}}"#
            )
            records.append(
                #"{"name":\#(name),"cat":"hop","ph":"f","bp":"e","id":\#(index),"pid":1,"tid":\#(hop.run.thread),"ts":\#(microseconds(hop.run.time)),"args":{"seq":\#(hop.run.sequence)}}"#
            )
        }
        return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + records.joined(separator: ",\n") + "\n]}\n"
    }

    /// A `running` complete event for every stretch of consecutive events of one thread.
    private static func runningSlices(_ trace: [TraceEvent]) -> [String] {
        var slices: [String] = []
        var start = 0
        for index in trace.indices {
            let last = index == trace.count - 1 || trace[index + 1].thread != trace[index].thread
            guard last else { continue }
            let first = trace[start]
            let duration = LabInstant(nanoseconds: trace[index].time.nanoseconds - first.time.nanoseconds)
            slices.append(
                #"{"name":"running","cat":"schedule","ph":"X","pid":1,"tid":\#(first.thread),"ts":\#(microseconds(first.time)),"dur":\#(microseconds(duration)),"args":{"seq":\#(first.sequence),"from":\#(first.sequence),"to":\#(trace[index].sequence)}}"#
            )
            start = index + 1
        }
        return slices
    }

    /// `instant` in microseconds as a JSON number, exact: `0`, `250000`, `1500.25`.
    static func microseconds(_ instant: LabInstant) -> String {
        let nanoseconds = instant.nanoseconds.magnitude
        let sign = instant.nanoseconds < 0 ? "-" : ""
        let fraction = nanoseconds % 1_000
        guard fraction != 0 else { return sign + String(nanoseconds / 1_000) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return sign + "\(nanoseconds / 1_000).\(digits)"
    }

    /// `text` as a JSON string literal, escaped by the replay's JSON model (``JSONValue``).
    private static func quoted(_ text: String) -> String { JSONValue.string(text).description }
}

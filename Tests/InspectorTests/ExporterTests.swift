import LabRuntime
import Testing

@testable import AFReplay
@testable import Inspector

@Suite("Exporters: Chrome trace JSON, Mermaid, HTML timeline")
struct ExporterTests {
    static let hopRun = TestScenarios.hops.run(RandomStrategy(seed: 1))
    static let deadlock = Scenario.abba.run(RandomStrategy(seed: 5))

    @Test("Chrome trace JSON parses, names every thread's track, and draws a flow for each hop")
    func chromeJSON() throws {
        for run in [Self.hopRun, Self.deadlock] {
            let json = ChromeTraceExporter.json(run.trace, title: "title with \"quotes\" and \\ and \n")
            let document = try JSONParser.parse(Array(json.utf8))
            guard case let .array(events)? = document["traceEvents"] else {
                Issue.record("no traceEvents array")
                return
            }
            let threadIDs = Set(run.trace.map(\.thread))
            let named = events.filter { $0["name"] == .string("thread_name") }.compactMap { event -> Int? in
                if case let .number(tid)? = event["tid"] { Int(tid) } else { nil }
            }
            #expect(Set(named) == threadIDs)
            #expect(events.filter { $0["ph"] == .string("i") }.count == run.trace.count)
        }
        let events = try JSONParser.parse(Array(ChromeTraceExporter.json(Self.hopRun.trace, title: "hops").utf8))
        let traceEvents = try #require(events["traceEvents"])
        guard case let .array(list) = traceEvents else {
            Issue.record("traceEvents is not an array")
            return
        }
        #expect(list.filter { $0["ph"] == .string("s") }.count == 1)
        #expect(list.filter { $0["ph"] == .string("f") }.count == 1)
    }

    @Test("Chrome trace JSON: timestamps are virtual microseconds, equal instants keep trace order by seq")
    func chromeVirtualTime() throws {
        let run = TestScenarios.sleepers.run(RandomStrategy(seed: 0))
        #expect(Set(run.trace.map(\.time)).count > 1)
        let document = try JSONParser.parse(Array(ChromeTraceExporter.json(run.trace, title: "t").utf8))
        guard case let .array(events)? = document["traceEvents"] else {
            Issue.record("no traceEvents array")
            return
        }
        let instants = events.filter { $0["ph"] == .string("i") }
        let stamps = instants.compactMap { event -> String? in if case let .number(ts)? = event["ts"] { ts } else { nil } }
        let sequences = instants.compactMap { event -> Int? in if case let .number(seq)? = event["args"]?["seq"] { Int(seq) } else { nil } }
        #expect(stamps == run.trace.map { ChromeTraceExporter.microseconds($0.time) })
        #expect(stamps.compactMap(Double.init) == run.trace.map { Double($0.time.nanoseconds) / 1_000 })
        #expect(sequences == run.trace.map(\.sequence))
        #expect(ChromeTraceExporter.microseconds(LabInstant(nanoseconds: 1_500_250)) == "1500.25")
        #expect(ChromeTraceExporter.microseconds(LabInstant(nanoseconds: 10_000_000)) == "10000")
    }

    @Test("Mermaid: threads as participants, hops and callbacks as arrows")
    func mermaid() {
        let diagram = MermaidExporter.diagram(Self.hopRun.trace)
        let lines = diagram.split(separator: "\n").map(String.init)
        #expect(lines.first == "sequenceDiagram")
        #expect(lines.contains("    participant T0 as T0 main"))
        #expect(lines.contains("    participant T1 as T1 network"))
        #expect(lines.contains { $0.hasPrefix("    T0-)T1: ") && $0.contains("perform start A") })
        #expect(lines.contains { $0.hasPrefix("    T1->>T1: ") && $0.contains("didReceiveResponse → operation A") })
        let unescaped = diagram.split(separator: "#35;", omittingEmptySubsequences: false).joined()
            .split(separator: "#59;", omittingEmptySubsequences: false).joined()
        #expect(!unescaped.contains(";"))
        #expect(MermaidExporter.escape("a;b#c") == "a#59;b#35;c")
    }

    @Test("HTML player: one lane per thread, hop connectors, callbacks coloured by operation, nothing external")
    func html() throws {
        let page = HTMLTimelineExporter.html(Self.hopRun.trace, title: "hops <&>", subtitle: "outcome")
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.components(separatedBy: #"<g class="lane""#).count - 1 == 2)
        #expect(page.contains(#"class="hop""#))
        #expect(page.contains("hops &lt;&amp;&gt;"))
        #expect(page.contains(#"class="swatch""#) && page.contains("operation A") && page.contains("operation B"))
        #expect(!page.contains("src=") && !page.contains("href=") && !page.contains("@import") && !page.contains("url(http"))
        let deadlockPage = HTMLTimelineExporter.html(Self.deadlock.trace, title: "abba")
        #expect(deadlockPage.components(separatedBy: #"<g class="lane""#).count - 1 == 3)
        #expect(deadlockPage.contains(#"class="event lock-wait""#))
        let cycle = Scenario.abba.replay(try Schedule(parsing: "4:T2"))
        #expect(cycle.outcome.isDeadlock)
        let cyclePage = HTMLTimelineExporter.html(cycle.trace, title: "abba")
        #expect(cyclePage.components(separatedBy: #"class="event lock-wait marked""#).count - 1 == 2)
    }

    @Test("HTML player data: one entry per event, panels stored as changes, findings' #N marked and linked")
    func playerData() throws {
        let trace = Self.hopRun.trace
        var panel = PlayerPanel(title: "Threads", columns: ["thread", "events"])
        panel.record([])
        for position in trace.indices {
            let seen = Set(trace[...position].map(\.thread)).sorted()
            panel.record(
                seen.map { thread in
                    PlayerPanel.Row(key: "T\(thread)", cells: ["T\(thread)", "\(trace[...position].filter { $0.thread == thread }.count)"])
                })
        }
        let extras = PlayerExtras(panels: [panel], findings: ["[x] see #2 and #1</script>"], explanation: { _ in "why </script>" })
        let page = HTMLTimelineExporter.html(trace, title: "t", extras: extras)
        let afterStart = page.components(separatedBy: #"<script id="player-data" type="application/json">"#)
        try #require(afterStart.count == 2)
        let text = try #require(String(afterStart[1]).components(separatedBy: "</script>").first)
        let data = try JSONParser.parse(Array(text.utf8))
        guard case let .array(events)? = data["events"], case let .array(panels)? = data["panels"],
            case let .array(changes)? = panels.first?["changes"], case let .array(marks)? = data["marks"]
        else {
            Issue.record("player data lacks events, panels or marks")
            return
        }
        #expect(events.count == trace.count)
        #expect(changes.count == trace.count + 1)
        let expectedMarks: [JSONValue] = [.number("1"), .number("2")]
        #expect(marks == expectedMarks)
        let first: JSONValue = .array([
            .number("0"), .number("\(trace[0].thread)"), events[0].element(2), .string(trace[0].name), .string(trace[0].description),
            events[0].element(5), .string("why </script>"), .array([]),
        ])
        #expect(events[0] == first)
        #expect(page.contains(#"<a class="ref" data-seq="2">#2</a>"#))
        #expect(PlayerExtras.eventReferences(in: "#12 and #3, not #x") == [12, 3])
    }

    @Test("every format renders through TraceFormat, text being the trace itself")
    func formats() {
        #expect(TraceFormat.text.render(Self.deadlock, title: "t") == Self.deadlock.traceText + "\n")
        for format in TraceFormat.allCases { #expect(!format.render(Self.deadlock, title: "t").isEmpty) }
    }
}

extension JSONValue {
    /// The element at `index` of an array, or `null`.
    func element(_ index: Int) -> JSONValue {
        if case let .array(values) = self, values.indices.contains(index) { values[index] } else { .null }
    }
}

extension String {
    /// Splits on `separator` (a string), for counting occurrences without Foundation.
    func components(separatedBy separator: String) -> [Substring] {
        split(separator: separator, omittingEmptySubsequences: false)
    }
}

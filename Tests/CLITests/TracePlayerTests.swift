import Inspector
import LabRuntime
import Testing

@testable import runloop_lab

/// `trace --format html`: the player's panels are the demo's fold, recorded at every position.
@Suite("trace --format html: the player's panels and findings")
struct TracePlayerTests {
    @Test("the panels hold a change per position, ending at the demo's rows; the findings and their events are marked")
    func panels() throws {
        let scenario = try ScenarioCatalog.scenarios.scenario(named: "pause-after-start-263")
        let run = scenario.run(RandomStrategy(seed: 3))
        let extras = TracePlayer.extras(run, checkers: scenario.checkers)
        #expect(extras.panels.map(\.title) == ["Threads", "Operations"])
        #expect(extras.panels.allSatisfy { $0.positions == run.trace.count + 1 })
        #expect(!extras.findings.isEmpty)
        let (status, console) = runCLI("trace", "--scenario", "pause-after-start-263", "--seed", "3", "--format", "html")
        #expect(status == ExitCode.success)
        let page = console.outputText
        let end = RunState(folding: run.trace)
        for row in end.operations {
            let cells = [
                row.name, row.name, row.state, row.cancelledText, row.connectionText, String(row.bytes), row.error, row.completionName,
                row.reachedText,
            ]
            #expect(page.contains("[" + cells.map { "\"\($0)\"" }.joined(separator: ",") + "]"))
        }
        for row in end.threads {
            #expect(page.contains("[\"T\(row.id)\",\"\(row.label)\",\"\(row.modeText)\",\"\(row.activityText)\""))
        }
        #expect(extras.code.count == run.trace.count)
        #expect(
            extras.code.contains { lines in lines.first?.contains("operationDidStart") == true && lines.contains { $0.hasPrefix("  ▶") } })
        #expect(page.contains(#"<div id="code" hidden>"#))
        #expect(page.contains(#""code":["Code · T0 main"#))
        #expect(page.contains(#"<a class="ref" data-seq="#))
        #expect(page.contains(#"<div id="findings">"#))
    }
}

import Inspector
import LabRuntime
import LabTestSupport
import Testing
import Walkthrough

@testable import runloop_lab

/// `challenge N --html`: the level's page holds a tree of choices computed by running the
/// simulation, with the winning paths in it, and stays small.
@Suite("challenge N --html: the browser page of a level")
struct ChallengePageTests {
    /// The page of `level`, built from the repository's level file.
    private func page(_ level: Int) throws -> ChallengePage {
        let number = try #require(ChallengeLevel.numbered(level))
        return ChallengePage(
            level: number, path: "Tutorials/challenges/" + number.fileName, scenario: try scenario(of: level),
            phrases: ChallengePhrases(language: .english))
    }

    @Test(
        "the page holds the level's stored winning schedule as a won end, the all-default path does not win, and it is self-contained and under a megabyte",
        arguments: winningSchedules)
    func winningPathIsEmbedded(level: Int, schedule: String) throws {
        let page = try page(level)
        let tree = page.tree()
        let won = tree.nodes.filter { $0.options.isEmpty && $0.won }
        #expect(won.contains { $0.schedule == schedule }, "level \(level)")
        #expect(won.allSatisfy { $0.ending.contains { $0.hasPrefix("replay: runloop-lab replay --scenario ") } })
        var node = tree.nodes[0]
        while let current = node.current {
            let option = try #require(node.options.first { $0.thread == current } ?? node.options.first)
            node = tree.nodes[try #require(option.child)]
        }
        #expect(!node.won)
        #expect(node.schedule == "-")
        for node in tree.nodes {
            #expect(node.panels.allSatisfy { $0.positions == node.events.count + (node.events.first?.sequence == 0 ? 1 : 0) })
            #expect(node.code.count == node.events.count)
            #expect(node.options.allSatisfy { ($0.child ?? 0) < tree.nodes.count })
        }
        let html = HTMLTimelineExporter.challengeHTML(tree, title: page.phrases.heading(page.level))
        #expect(html.utf8.count < 1_000_000, "level \(level): \(html.utf8.count) bytes")
        #expect(html.contains(#""mode":"challenge""#))
        for external in ["src=", #"href="http"#, "@import", "url(http"] { #expect(!html.contains(external)) }
    }

    @Test("--html writes the page to --output; --html without a level, or with --schedule, is a usage error")
    func command() throws {
        let directory = TemporaryDirectory(prefix: "challenge-html")
        let console = RecordingConsole()
        let status = try ChallengeCommand.run(
            ["3", "--html", "--output", directory.path + "/3.html", "--dir", tutorialsDirectory + "/challenges"], console: console,
            home: nil)
        #expect(status == ExitCode.success)
        let html = try #require(TextFile.read(directory.path + "/3.html"))
        #expect(html.contains(#"<div id="challenge">"#))
        #expect(html.contains("waitUntilDone"))
        #expect(throws: UsageError.self) { try ChallengeCommand.run(["--html"], console: RecordingConsole(), home: nil) }
        #expect(throws: UsageError.self) {
            try ChallengeCommand.run(["1", "--html", "--schedule", "8:T2"], console: RecordingConsole(), home: nil)
        }
    }
}

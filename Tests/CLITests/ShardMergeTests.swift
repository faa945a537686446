import Inspector
import LabTestSupport
import Testing

@testable import runloop_lab

@Suite("explore --shard and merge")
struct ShardMergeTests {
    /// An exploration to split: its `explore` arguments, and the number of shards.
    struct Split: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let shards: Int
        var testDescription: String { "\(arguments.joined(separator: " ")) in \(shards) shards" }
    }

    static let splits = [
        // The first deadlock is run #4, in the second of five blocks of 4.
        Split(arguments: ["--scenario", "abba", "--checkers", "deadlock", "--schedules", "20"], shards: 5),
        // PCT's first deadlock is run #6, in the second of four blocks of 5.
        Split(arguments: ["--scenario", "abba", "--strategy", "pct", "--checkers", "deadlock", "--schedules", "20"], shards: 4),
        // Always clean: the counts are every shard's.
        Split(arguments: ["--scenario", "counter", "--schedules", "40", "--jobs", "2"], shards: 3),
        // More shards than runs: some shards make none.
        Split(arguments: ["--scenario", "counter", "--schedules", "3"], shards: 5),
    ]

    /// Bounded searches, split in 1, 2, 3 and 5 shards: their subtrees, level by level.
    static let boundedSplits = [
        // Preemption bounding finds abba's deadlock on level 1; delay bounding on level 1 too.
        ["--scenario", "abba", "--strategy", "exhaustive", "--checkers", "deadlock"],
        ["--scenario", "abba", "--strategy", "delay", "--checkers", "deadlock"],
        ["--scenario", "lost-signal", "--strategy", "exhaustive"],
        // Each shard searches its subtrees over two jobs.
        ["--scenario", "lost-signal", "--strategy", "delay", "--delay-bound", "3", "--jobs", "2"],
        // Clean and complete: every level's counts are every shard's.
        ["--scenario", "counter", "--strategy", "exhaustive", "--preemption-bound", "1"],
        ["--scenario", "counter", "--strategy", "delay", "--delay-bound", "1"],
        // The budget runs out inside a subtree of a level above 0: merging cuts it there.
        ["--scenario", "counter", "--strategy", "exhaustive", "--schedules", "37"],
        ["--scenario", "pause-completion-263", "--strategy", "delay", "--delay-bound", "1", "--schedules", "60", "--no-interleaving"],
    ].flatMap { arguments in [1, 2, 3, 5].map { Split(arguments: arguments, shards: $0) } }

    /// DPOR searches, split in 1, 2, 3 and 5 shards below the frontier the unsplit search is
    /// cut at too: the shards make the unsplit search's runs, in its order.
    static let dporSplits = [
        // Clean and complete: every subtree's runs, 96 of them.
        ["--scenario", "lock-pair", "--strategy", "dpor"],
        // The budget runs out inside a subtree, searched over two jobs: merging cuts it there.
        ["--scenario", "lock-pair", "--strategy", "dpor", "--schedules", "50", "--jobs", "2"],
        // The owner and the thief run the same task in the sixth run, and a lock recursion in
        // the fifth.
        ["--scenario", "work-stealing", "--strategy", "dpor", "--no-interleaving"],
        ["--scenario", "reentrant-callback", "--strategy", "dpor", "--no-interleaving"],
        // A deadlock in the tenth run, and a data race in the fourth, searched over two jobs.
        ["--scenario", "transfer-lock-order", "--strategy", "dpor", "--checkers", "deadlock"],
        ["--scenario", "atomicity-violation", "--strategy", "dpor", "--jobs", "2", "--no-interleaving"],
        // AFNetworking: 2.6.3's unbalanced activity indicator in the first run, and a clean hardened search
        // whose budget runs out inside a subtree.
        ["--scenario", "pause-after-start-263", "--strategy", "dpor", "--schedules", "30", "--no-interleaving"],
        ["--scenario", "cancel-completion-hardened", "--strategy", "dpor", "--schedules", "60", "--no-interleaving"],
    ].flatMap { arguments in [1, 2, 3, 5].map { Split(arguments: arguments, shards: $0) } }

    @Test(
        "merging every shard's report prints and writes what the unsplit exploration does",
        arguments: splits + boundedSplits + dporSplits)
    func mergeEqualsUnsplit(split: Split) throws {
        let directory = TemporaryDirectory()
        let (wholeStatus, whole) = runCLI(["explore"] + split.arguments + ["--report", directory.file("whole.json")])
        var shardFiles: [String] = []
        for index in (0..<split.shards).reversed() {
            let file = directory.file("shard-\(index).json")
            let (status, console) = runCLI(["explore"] + split.arguments + ["--shard", "\(index)/\(split.shards)", "--report", file])
            #expect(status == ExitCode.success || status == ExitCode.failure, "\(console.errorText)")
            shardFiles.append(file)
        }
        let (mergedStatus, merged) = runCLI(["merge", "--report", directory.file("merged.json")] + shardFiles)
        #expect(mergedStatus == wholeStatus)
        #expect(merged.outputText == whole.outputText)
        #expect(TextFile.read(directory.file("merged.json")) == TextFile.read(directory.file("whole.json")))
    }

    @Test("--shard N takes its index from a Kubernetes Indexed Job or a Slurm job array")
    func shardIndexFromEnvironment() throws {
        let kubernetes = try ExploreOptions.parse(["--scenario", "counter", "--shard", "4"]) { $0 == "JOB_COMPLETION_INDEX" ? "2" : nil }
        #expect(kubernetes?.explorer?.shard == Shard(index: 2, count: 4))
        let slurm = try ExploreOptions.parse(["--scenario", "counter", "--shard", "4"]) {
            ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5"][$0]
        }
        #expect(slurm?.explorer?.shard == Shard(index: 2, count: 4))
        let explicit = try ExploreOptions.parse(["--scenario", "counter", "--shard", "1/4"]) { _ in "3" }
        #expect(explicit?.explorer?.shard == Shard(index: 1, count: 4))
    }

    @Test(
        "bad --shard values are usage errors",
        arguments: [
            (["--shard", "4/4"], "index 4 is not from 0 to 3"),
            (["--shard", "x/4"], "--shard expects K/N or N"),
            (["--shard", "0/0"], "--shard expects K/N or N"),
            (["--shard", "4"], "JOB_COMPLETION_INDEX"),
        ])
    func badShard(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try ExploreOptions.parse(["--scenario", "counter"] + arguments) { _ in nil } }
        do {
            _ = try ExploreOptions.parse(["--scenario", "counter"] + arguments) { _ in nil }
        } catch {
            #expect(error.message.contains(message))
        }
    }

    @Test("merge refuses a missing or repeated shard, reports of different explorations, and files that are not reports")
    func mergeRefusals() {
        let directory = TemporaryDirectory()
        let arguments = ["explore", "--scenario", "counter", "--schedules", "6"]
        for index in 0..<3 {
            _ = runCLI(arguments + ["--shard", "\(index)/3", "--report", directory.file("s\(index).json")])
        }
        _ = runCLI(["explore", "--scenario", "lock-pair", "--schedules", "6", "--shard", "2/3", "--report", directory.file("other.json")])
        _ = OutputFile.write("{\"version\": 1}", to: directory.file("bad.json"))
        let cases: [([String], String)] = [
            ([directory.file("s0.json"), directory.file("s2.json")], "shard 1/3 is missing"),
            ([directory.file("s0.json"), directory.file("s1.json")], "shard 2/3 is missing"),
            ([directory.file("s1.json")], "shards 0/3, 2/3 are missing"),
            (
                [directory.file("s0.json"), directory.file("s0.json"), directory.file("s1.json"), directory.file("s2.json")],
                "shard 0/3 appears more than once"
            ),
            (
                [directory.file("s0.json"), directory.file("s1.json"), directory.file("other.json")],
                "different explorations: scenario 'counter' and 'lock-pair'"
            ),
            ([directory.file("bad.json")], "is not an explore report"),
            (
                [
                    directory.file("s0.json"), directory.file("s1.json"), directory.file("s2.json"), "--report",
                    directory.file("missing/merged.json"),
                ],
                "--report: cannot open \(directory.file("missing/merged.json")): No such file or directory"
            ),
            ([], "give the reports to merge"),
        ]
        for (files, message) in cases {
            #expect(throws: UsageError.self) { _ = try MergeCommand.command.run(files, RecordingConsole()) }
            do {
                _ = try MergeCommand.command.run(files, RecordingConsole())
            } catch {
                #expect(error.message.contains(message), "\(files): \(error.message)")
            }
        }
    }

    @Test("explore refuses a --report it cannot write before it searches, and leaves no file behind when it can")
    func unwritableReport() {
        let directory = TemporaryDirectory()
        let (status, console) = runCLI(["explore", "--scenario", "abba", "--report", directory.file("missing/shard.json")])
        #expect(status == ExitCode.usage)
        #expect(console.errorText.contains("--report: cannot open \(directory.file("missing/shard.json")): No such file or directory"))
        #expect(!console.errorText.contains("Usage:"), "the path is what to fix, not the arguments")
        #expect(console.output.isEmpty)
        #expect(OutputFile.problem(writing: directory.file("fresh.json")) == nil)
        #expect(TextFile.read(directory.file("fresh.json")) == nil)
    }
}

private func runCLI(_ arguments: [String]) -> (status: Int32, console: RecordingConsole) {
    let console = RecordingConsole()
    return (RunLoopLabCLI.run(arguments, console: console), console)
}

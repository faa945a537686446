import Inspector

/// `runloop-lab merge REPORT...`: combines the `--report` files of an exploration's shards
/// into the result of the unsplit exploration, and prints it as `explore` would have.
enum MergeCommand {
    /// The options `merge` accepts besides the report files.
    static let specs = [
        OptionSpec(name: "--report", valueName: "FILE", help: "Also write the merged result as JSON.")
    ]

    /// The help text of `merge`.
    static let usage = HelpText.render(
        synopsis: ["runloop-lab merge [--report FILE] REPORT..."],
        description: """
            Reads the JSON reports that 'explore --shard K/N --report FILE' wrote, one per
            shard, and prints the result of the unsplit exploration: the same first
            violation, shrunk schedule and replay command, and the same counts. Every shard
            from 0 to N-1 must be given once, all of the same exploration. Exits 1 when the
            merged result has a violation, 0 when it is clean, 64 when the reports cannot
            be merged.
            """,
        sections: [(title: "Options", rows: HelpText.optionRows(specs))]
    )

    /// The `merge` entry of ``CommandTable``.
    static let command = Command(
        name: "merge",
        summary: "Combine the reports of a sharded exploration into the unsplit result.",
        usage: usage
    ) { arguments, console throws(UsageError) in
        var paths: [String] = []
        var options: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-") else {
                paths.append(argument)
                continue
            }
            options.append(argument)
            if argument == "--report", let value = remaining.popFirst() { options.append(value) }
        }
        let parsed = try OptionParser.parse(options, options: specs, usage: usage)
        if parsed.wantsHelp {
            console.printLine(usage)
            return ExitCode.success
        }
        guard !paths.isEmpty else { throw UsageError(message: "give the reports to merge", usage: usage) }
        let reportPath = try parsed.outputPath("--report")
        var reports: [ShardReport] = []
        for path in paths {
            guard let text = TextFile.read(path) else { throw UsageError(message: "cannot read \(path)", usage: usage) }
            reports.append(try ShardReportJSON.decode(text, path: path, usage: usage))
        }
        let merged: ShardReport
        do {
            merged = try ShardReport.merge(reports)
        } catch {
            throw UsageError(message: "\(error)", usage: usage)
        }
        for line in merged.text.split(separator: "\n", omittingEmptySubsequences: false) { console.printLine(String(line)) }
        if let path = reportPath, let failure = OutputFile.write(ShardReportJSON.encode(merged), to: path) {
            console.printError("runloop-lab merge: \(failure)")
            return ExitCode.failure
        }
        return merged.finding == nil ? ExitCode.success : ExitCode.failure
    }
}

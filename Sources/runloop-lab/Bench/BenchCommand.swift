/// `runloop-lab bench <benchmark>`: runs one benchmark from ``BenchmarkTable``.
enum BenchCommand {
    /// The help text of `bench`, listing every benchmark.
    static let usage = HelpText.render(
        synopsis: ["runloop-lab bench <benchmark> [options]"],
        description: """
            Runs a benchmark and prints its figures; benchmarks never assert them. Build in
            release mode (Scripts/bench does) for meaningful figures. Run
            'runloop-lab bench <benchmark> --help' for a benchmark's options.
            """,
        sections: [
            (title: "Benchmarks", rows: BenchmarkTable.all.map { (term: $0.name, text: $0.summary) }),
            (title: "Options", rows: [HelpText.helpRow]),
        ]
    )

    /// The `bench` entry of ``CommandTable``.
    static let command = Command(
        name: "bench",
        summary: "Measure run loops against Foundation, Dispatch and the raw eventfd limit.",
        usage: usage,
        subcommands: BenchmarkTable.all
    ) { arguments, console throws(UsageError) in
        guard let name = arguments.first else {
            throw UsageError(message: "missing benchmark name", usage: usage)
        }
        if name == "-h" || name == "--help" {
            console.printLine(usage)
            return ExitCode.success
        }
        guard let benchmark = BenchmarkTable.all.first(where: { $0.name == name }) else {
            throw UsageError(message: "unknown benchmark '\(name)'", usage: usage)
        }
        return try benchmark.run(Array(arguments.dropFirst()), console)
    }
}

/// Every benchmark `runloop-lab bench` can run, in the order its help lists them.
///
/// Adding a benchmark (`network`, `explore`) is one entry here.
enum BenchmarkTable {
    /// The registered benchmarks.
    static let all: [Command] = [
        RunLoopBenchmark.command,
        NetworkBenchmark.command,
        ExploreBenchmark.command,
    ]
}

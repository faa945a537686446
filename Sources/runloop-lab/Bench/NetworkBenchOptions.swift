/// The settings of `runloop-lab bench network`.
struct NetworkBenchOptions: Equatable, Sendable {
    /// The workloads: how many operations each starts at once, in order.
    var workloads = [100, 1_000, 10_000]

    /// The most connections open at once (the operation queue's `maxConcurrentOperationCount`
    /// and the C reader's window); lowered further if the descriptor limit requires it.
    var maxOpen = 64

    /// The body of every response, in bytes.
    var bodyBytes = 64 * 1024

    /// How many times each row of each workload is measured; the table shows the median run.
    var repeats = 3

    /// Whether glibc may hand freed heap back to the kernel during the run.
    var heapTrim = HeapTrim.off

    /// The options `bench network` accepts.
    static let specs = [
        OptionSpec(name: "--operations", valueName: "N,N,...", help: "Operations per workload (default 100,1000,10000)."),
        OptionSpec(name: "--max-open", valueName: "N", help: "Most connections open at once (default 64)."),
        OptionSpec(name: "--body-bytes", valueName: "N", help: "Body bytes per response (default 65536)."),
        OptionSpec(name: "--repeats", valueName: "N", help: "Runs per row and workload; the median is shown (default 3)."),
        OptionSpec(
            name: "--heap-trim", valueName: "off|glibc",
            help: "off: freed heap stays in the process (default); glibc: glibc's own trimming."),
    ]

    /// Parses the arguments after `bench network`.
    ///
    /// - Returns: the options, or `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown option or a value out of range.
    static func parse(_ arguments: [String]) throws(UsageError) -> NetworkBenchOptions? {
        let parsed = try OptionParser.parse(arguments, options: specs, usage: NetworkBenchmark.usage)
        if parsed.wantsHelp {
            return nil
        }
        var options = NetworkBenchOptions()
        if let text = parsed.string("--operations") {
            let counts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= 1_000_000 }) else {
                throw UsageError(
                    message: "--operations expects whole numbers from 1 to 1000000 separated by commas, got '\(text)'",
                    usage: NetworkBenchmark.usage)
            }
            options.workloads = counts.compactMap { $0 }
        }
        options.maxOpen = try parsed.integer("--max-open", default: options.maxOpen, in: 1...100_000)
        options.bodyBytes = try parsed.integer("--body-bytes", default: options.bodyBytes, in: 1...(16 << 20))
        options.repeats = try parsed.integer("--repeats", default: options.repeats, in: 1...100)
        options.heapTrim = try parsed.choice("--heap-trim", default: options.heapTrim)
        return options
    }
}

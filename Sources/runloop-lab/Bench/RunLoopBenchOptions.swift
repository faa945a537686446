import CBenchLimits

/// The settings of `runloop-lab bench runloop`.
struct RunLoopBenchOptions: Equatable, Sendable {
    /// Timed cross-thread round trips per row.
    var roundTrips = 10_000

    /// Items sent one way, from one producer, for each throughput figure.
    var items = 1_000_000

    /// How many times each throughput figure is measured; the median is reported.
    var repetitions = 3

    /// How long to measure idle CPU, in seconds; 0 skips the idle measurement.
    var idleSeconds = 5.0

    /// Untimed round trips before the timed ones: the same warm-up as the C ping-pong.
    var warmUpRoundTrips: Int { Int(CBENCH_PINGPONG_WARMUP) }

    /// The options `bench runloop` accepts.
    static let specs = [
        OptionSpec(name: "--iterations", valueName: "N", help: "Timed round trips per row (default 10000)."),
        OptionSpec(name: "--items", valueName: "N", help: "Items sent one way for throughput (default 1000000)."),
        OptionSpec(name: "--repeat", valueName: "N", help: "Throughput runs per row; the median is reported (default 3)."),
        OptionSpec(name: "--idle-seconds", valueName: "S", help: "Seconds of idle-CPU measurement; 0 skips it (default 5)."),
    ]

    /// Parses the arguments after `bench runloop`.
    ///
    /// - Returns: the options, or `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown option or a value out of range.
    static func parse(_ arguments: [String]) throws(UsageError) -> RunLoopBenchOptions? {
        let parsed = try OptionParser.parse(arguments, options: specs, usage: RunLoopBenchmark.usage)
        if parsed.wantsHelp {
            return nil
        }
        var options = RunLoopBenchOptions()
        options.roundTrips = try parsed.integer("--iterations", default: options.roundTrips, in: 1...10_000_000)
        options.items = try parsed.integer("--items", default: options.items, in: 1...100_000_000)
        options.repetitions = try parsed.integer("--repeat", default: options.repetitions, in: 1...100)
        options.idleSeconds = try parsed.seconds("--idle-seconds", default: options.idleSeconds, in: 0...3_600)
        return options
    }
}

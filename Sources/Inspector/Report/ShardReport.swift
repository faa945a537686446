import LabRuntime

/// An exploration's result as `explore --report` writes it and `runloop-lab merge` reads it:
/// the counts, and the first violation as the text `explore` prints, without the runs
/// themselves. Reports of the shards of one exploration merge into the report of the
/// unsplit exploration (``merge(_:)``).
public struct ShardReport: Sendable, Equatable, Codable {
    /// The version of this format; readers refuse others.
    public static let formatVersion = 1

    /// ``formatVersion`` when written.
    public var version: Int
    /// The scenario's name.
    public var scenario: String
    /// The strategy as the report's first line names it, e.g. `random (seed 0)`.
    public var strategy: String
    /// The checkers' names, in order.
    public var checkers: [String]
    /// The most runs of the whole exploration, across every shard.
    public var schedules: Int
    /// The part of the runs this report covers.
    public var shard: Shard
    /// The runs counted: up to and including the finding, or all that were made.
    public var explored: Int
    /// The scheduling points passed in those runs.
    public var steps: Int
    /// Whether an exhaustive search covered every schedule within its bound.
    public var complete: Bool
    /// Whether the time budget ended the search.
    public var stoppedByTime: Bool
    /// The first violation, shrunk; `nil` when every run was clean.
    public var finding: FindingSummary?
    /// A shard of a bounded or DPOR search: the subtrees it searched at each level (DPOR has
    /// one); `nil` otherwise.
    public var levels: [LevelReport]?

    /// The first violation of an exploration, as printed.
    public struct FindingSummary: Sendable, Equatable, Codable {
        /// The violating run's number in the search order.
        public var run: Int
        /// Its seed, for random and PCT runs.
        public var seed: UInt64?
        /// The first line of the violation, e.g. `[deadlock] …`.
        public var violation: String
        /// What `explore` prints after its summary line: the violations, the seed, the
        /// schedule, the interleaving and the replay command.
        public var lines: [String]
    }

    /// The report of `report`, whose finding's lines show the interleavings if
    /// `showingInterleavings`, with the scenario's `runloop-lab replay` command on each
    /// `replay:` line.
    public init(_ report: ExplorationReport, showingInterleavings: Bool) {
        self.init(report, showingInterleavings: showingInterleavings) {
            ReplayCommandLine.text(scenario: report.scenario, schedule: $0)
        }
    }

    /// The report of `report`, whose finding's lines show the interleavings if
    /// `showingInterleavings` and `replayCommand(schedule)` on each `replay:` line.
    public init(_ report: ExplorationReport, showingInterleavings: Bool, replayCommand: (Schedule) -> String) {
        version = Self.formatVersion
        scenario = report.scenario
        strategy = report.strategy.description
        checkers = report.checkers
        schedules = report.schedules
        shard = report.shard
        explored = report.explored
        steps = report.steps
        complete = report.complete
        stoppedByTime = report.stoppedByTime
        levels = report.levels
        finding = report.finding.map { finding in
            FindingSummary(
                run: finding.original.index, seed: finding.original.seed,
                violation: finding.violations.first.map { String($0.description.prefix { $0 != "\n" }) } ?? "",
                lines: report.findingLines(finding, showingInterleavings: showingInterleavings, replayCommand: replayCommand))
        }
    }

    /// The report as `explore` prints it; a shard's first line names the shard.
    public var text: String {
        let part = shard.isWhole ? "" : ", shard \(shard)"
        var lines = ["explore \(scenario): \(strategy)\(part); checkers: \(checkers.joined(separator: ", "))"]
        guard let finding else {
            let scope = complete ? " (complete: \(completeScope))" : stoppedByTime ? " (stopped by the time budget)" : ""
            lines.append("no violation in \(explored.counted("schedule")), \(steps.counted("scheduling point"))\(scope)")
            return lines.joined(separator: "\n")
        }
        lines.append(
            "violation in run #\(finding.run), after \(explored.counted("schedule")) and \(steps.counted("scheduling point"))")
        return (lines + finding.lines).joined(separator: "\n")
    }

    /// What a complete search covered: every schedule within a bounded search's bound, or
    /// every Mazurkiewicz trace of a DPOR search, which has no bound.
    private var completeScope: String {
        strategy == ExplorationStrategy.dpor.description ? "every Mazurkiewicz trace" : "every schedule within the bound"
    }

    /// The report of the whole exploration, from the reports of all its shards (in any
    /// order).
    ///
    /// Shards hold contiguous blocks of runs in order, so the whole exploration's first
    /// violation is that of the lowest shard that found one, every shard below it ran its
    /// whole block clean, and the counts are theirs plus its own; shards above it are left
    /// out, as the unsplit search would have stopped before them. A bounded search's shards
    /// are merged subtree by subtree, level by level (see ``LevelReport``), and a DPOR
    /// search's subtree by subtree below its frontier, which the unsplit search is cut at
    /// too (see `DPORFrontier`).
    ///
    /// - Throws: ``ShardMergeError`` when there are no reports, they describe different
    ///   explorations, or a shard is missing or repeated.
    public static func merge(_ reports: [ShardReport]) throws(ShardMergeError) -> ShardReport {
        guard let first = reports.first else { throw ShardMergeError("no reports to merge") }
        for report in reports {
            if report.version != formatVersion {
                throw ShardMergeError("a report has format version \(report.version); this runloop-lab reads version \(formatVersion)")
            }
            for (field, mine, theirs) in [
                ("scenario", report.scenario, first.scenario), ("strategy", report.strategy, first.strategy),
                ("checkers", report.checkers.joined(separator: ","), first.checkers.joined(separator: ",")),
                ("schedules", "\(report.schedules)", "\(first.schedules)"),
                ("shard count", "\(report.shard.count)", "\(first.shard.count)"),
            ] where mine != theirs {
                throw ShardMergeError("the reports are of different explorations: \(field) '\(theirs)' and '\(mine)'")
            }
        }
        let byIndex = reports.sorted { $0.shard.index < $1.shard.index }
        for (previous, report) in zip(byIndex, byIndex.dropFirst()) where report.shard.index == previous.shard.index {
            throw ShardMergeError("shard \(report.shard) appears more than once")
        }
        let missing = (0..<first.shard.count).filter { index in !byIndex.contains { $0.shard.index == index } }
        if !missing.isEmpty {
            let names = missing.map { "\($0)/\(first.shard.count)" }
            throw ShardMergeError(
                missing.count == 1 ? "shard \(names[0]) is missing" : "shards \(names.joined(separator: ", ")) are missing")
        }
        if first.levels != nil { return try mergeBounded(byIndex) }
        let counted = byIndex.prefix { $0.finding == nil } + byIndex.drop { $0.finding == nil }.prefix(1)
        var merged = first
        merged.shard = .whole
        merged.explored = counted.reduce(0) { $0 + $1.explored }
        merged.steps = counted.reduce(0) { $0 + $1.steps }
        merged.complete = counted.allSatisfy(\.complete)
        merged.stoppedByTime = counted.contains { $0.stoppedByTime }
        merged.finding = counted.last?.finding
        return merged
    }
}

extension ShardReport {
    /// The reports of every shard of a bounded or DPOR search, `shards` in index order, merged.
    ///
    /// Walks the levels and their subtrees in depth-first order, as the unsplit search meets
    /// them, adding each subtree's runs as far as the budget left reaches
    /// (``SubtreeReport``), and stops where the unsplit search stops: at the first violation
    /// or the end of the budget, or after a level the bound did not prune (complete). The
    /// violation is its shard's first, numbered among every run counted before it.
    private static func mergeBounded(_ shards: [ShardReport]) throws(ShardMergeError) -> ShardReport {
        var merged = shards[0]
        merged.shard = .whole
        merged.levels = nil
        merged.finding = nil
        (merged.explored, merged.steps, merged.complete, merged.stoppedByTime) = (0, 0, false, false)
        var runs = 0
        let levelCount = shards.map { $0.levels?.count ?? 0 }.max() ?? 0
        for level in 0..<levelCount {
            var frontierPruned = false
            var subtreeCount: Int?
            for shard in shards {
                guard let levels = shard.levels else { throw ShardMergeError("shard \(shard.shard) is not of a bounded or DPOR search") }
                guard level < levels.count else { continue }
                frontierPruned = frontierPruned || levels[level].frontierPruned
                if let subtreeCount, subtreeCount != levels[level].subtrees {
                    throw ShardMergeError("the shards cut level \(level) differently")
                }
                subtreeCount = levels[level].subtrees
            }
            let levelPruned = try LevelWalk.walk(
                subtrees: subtreeCount ?? 0, frontierPruned: frontierPruned, runs: &runs, limit: merged.schedules
            ) { (index, left) throws(ShardMergeError) in
                guard let owner = shards.first(where: { $0.shard.runs(of: subtreeCount ?? 0).contains(index) }),
                    let record = owner.levels?.dropFirst(level).first?.searched.first(where: { $0.subtree == index })
                else { throw ShardMergeError("no shard reports level \(level)'s subtree \(index)") }
                let counts = record.cut(left: left)
                if let found = counts.finding, var finding = owner.finding {
                    let seedLine = ExplorationReport.boundedSeedLine(run: finding.run)
                    finding.run = merged.explored + found
                    finding.lines = finding.lines.map { $0 == seedLine ? ExplorationReport.boundedSeedLine(run: finding.run) : $0 }
                    merged.finding = finding
                }
                merged.explored += counts.explored
                merged.steps += counts.steps
                merged.stoppedByTime = counts.stoppedByTime
                return (counts.runs, counts.pruned)
            }
            guard let pruned = levelPruned else { return merged }
            if !pruned { break }
        }
        merged.complete = true
        return merged
    }
}

/// Why shard reports cannot be merged.
public struct ShardMergeError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. `shard 2/4 is missing`.
    public let description: String

    init(_ description: String) { self.description = description }
}

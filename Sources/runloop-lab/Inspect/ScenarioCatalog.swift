import Inspector
import LabRuntime
import Walkthrough

/// The scenarios and checkers the `explore`, `replay`, `trace` and `bench explore` commands
/// can name: the lab's and the AFNetworking ones, and any scenario file by its path.
enum ScenarioCatalog {
    /// Every scenario, by name: the race files by their built-in names too.
    static let scenarios = ScenarioRegistry.withRaceFiles

    /// Every checker, by name.
    static let checkers = CheckerRegistry.selectable

    /// The scenario named by `--scenario`, or by `fallback` when the option is absent: a
    /// built-in one, or the scenario file at that path (see ``ScenarioFile/isPath(_:)``),
    /// named by its path.
    ///
    /// - Throws: ``UsageError`` when no name is given, the name matches no scenario, or it
    ///   names a file that cannot be read or does not parse (with its diagnostics).
    static func scenario(_ parsed: ParsedOptions, default fallback: String? = nil) throws(UsageError) -> Inspector.Scenario {
        let name = try scenarioName(parsed, default: fallback)
        if let file = try scenarioFile(named: name) { return file.explorable(named: name) }
        do {
            return try scenarios.scenario(named: name)
        } catch {
            throw UsageError(message: message(error), usage: parsed.usage)
        }
    }

    /// The name `--scenario` gives, or `fallback` when the option is absent.
    ///
    /// - Throws: ``UsageError`` when there is neither.
    static func scenarioName(_ parsed: ParsedOptions, default fallback: String? = nil) throws(UsageError) -> String {
        guard let name = parsed.string("--scenario") ?? fallback else {
            throw UsageError(message: "missing --scenario NAME|FILE (see 'runloop-lab explore --list')", usage: parsed.usage)
        }
        return name
    }

    /// The scenario file at `name`, parsed, when `name` is a path (``ScenarioFile/isPath(_:)``);
    /// `nil` for the name of a built-in scenario.
    ///
    /// - Throws: ``UsageError`` when the file cannot be read or does not parse (with its
    ///   diagnostics).
    static func scenarioFile(named name: String) throws(UsageError) -> Walkthrough.Scenario? {
        guard ScenarioFile.isPath(name) else { return nil }
        switch ScenarioFile.load(name) {
        case let .success(file): return file
        case let .failure(problem): throw UsageError(message: problem.message(prefix: "--scenario"), usage: "")
        }
    }

    /// The checkers named by `--checkers a,b`, or `fallback` when the option is absent. A name
    /// is looked up among `fallback` (the scenario's own checkers: a file's `expect` checks its
    /// `expect` lines) before the registry.
    ///
    /// - Throws: ``UsageError`` for a name that matches no checker.
    static func checkers(_ parsed: ParsedOptions, default fallback: [any Checker]) throws(UsageError) -> [any Checker] {
        guard let list = parsed.string("--checkers") else { return fallback }
        let names = list.split(separator: ",").map { String($0).trimmingSpaces }
        guard !names.isEmpty, !names.contains("") else {
            throw UsageError(message: "--checkers expects names separated by commas, got '\(list)'", usage: parsed.usage)
        }
        do {
            let known = checkers.checkers.filter { checker in !fallback.contains { $0.name == checker.name } }
            return try CheckerRegistry(fallback + known).checkers(named: names)
        } catch {
            throw UsageError(message: message(error), usage: parsed.usage)
        }
    }

    /// What an unknown scenario or checker name prints: "did you mean" the nearest known
    /// name when it looks like a typo of one, then every known name.
    private static func message(_ error: UnknownNameError) -> String {
        guard let hint = Suggestion.didYouMean(error.name, in: error.known) else { return error.description }
        return "unknown \(error.what) '\(error.name)': \(hint) (known: \(error.known.joined(separator: ", ")))"
    }

    /// The schedule given to `--schedule`, or `nil` when the option is absent.
    ///
    /// - Throws: ``UsageError`` when it does not parse.
    static func schedule(_ parsed: ParsedOptions) throws(UsageError) -> Schedule? {
        guard let text = parsed.string("--schedule") else { return nil }
        do {
            return try Schedule(parsing: text)
        } catch {
            throw UsageError(message: "--schedule: \(error.description)", usage: parsed.usage)
        }
    }

    /// The `--list` output: one scenario per line with its summary, then the checkers.
    static var listing: [String] {
        let width = (scenarios.scenarios.map(\.name.count) + checkers.checkers.map(\.name.count)).max() ?? 0
        var lines = ["Scenarios:"]
        lines += scenarios.scenarios.map { "  " + $0.name.padded(to: width) + "  " + $0.summary }
        lines.append("")
        lines.append("Checkers:")
        lines += checkers.checkers.map { "  " + $0.name.padded(to: width) + "  " + $0.summary }
        return lines
    }
}

extension String {
    /// The string without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

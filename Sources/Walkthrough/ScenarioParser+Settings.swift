import AFReplay
import LabRuntime

extension ScenarioParser {
    /// `fidelity afn263|hardened`.
    mutating func parseFidelity(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let names = Fidelity.allCases.map(\.rawValue)
        let hint = "fidelity is afn263 (AFNetworking 2.6.3 as shipped) or hardened (the lab's fixed version)"
        let token = try cursor.word("afn263 or hardened after 'fidelity'", hint: hint)
        guard let value = Fidelity(rawValue: token.text) else {
            throw LineError(
                column: token.column, "unknown fidelity \(token.quoted)", hint: Suggestion.didYouMean(token.text, in: names) ?? hint)
        }
        if let fidelity {
            throw LineError(
                column: token.column, "the fidelity is already set on line \(fidelity.line)", hint: "a scenario has one fidelity")
        }
        try cursor.end(after: "the fidelity")
        fidelity = (value, line)
    }

    /// `strategy random seed N` | `replay "SCHEDULE"` | `pct seed N depth D` | `pos seed N` |
    /// `exhaustive [bound B]` | `delay [bound B]`.
    mutating func parseStrategy(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let hint =
            "strategies are 'random seed N', 'replay \"SCHEDULE\"', 'pct seed N depth D', 'pos seed N', 'exhaustive bound B' and 'delay bound B'"
        let kind = try cursor.word("a strategy after 'strategy'", hint: hint)
        let value: ScenarioStrategy
        switch kind.text {
        case "random":
            try cursor.expect("seed", "after 'random'")
            value = .random(seed: try cursor.seed("the seed"))
        case "replay":
            let token = try cursor.string(
                "a schedule in double quotes after 'replay'", hint: "for example replay \"14:T2 40:T1\", or \"-\" for none")
            do throws(ScheduleParseError) {
                value = .replay(try Schedule(parsing: token.text))
            } catch {
                throw LineError(
                    column: token.column + 1 + Self.offset(ofWord: error.position, in: token.text),
                    "bad schedule: \(error.description)",
                    hint: "a schedule is STEP:T<thread> pairs with increasing steps, e.g. \"14:T2 40:T1\"")
            }
        case "pct":
            try cursor.expect("seed", "after 'pct'")
            let seed = try cursor.seed("the seed")
            try cursor.expect("depth", "after the seed")
            value = .pct(seed: seed, depth: try cursor.integer("the depth", in: 1...64))
        case "pos":
            try cursor.expect("seed", "after 'pos'")
            value = .pos(seed: try cursor.seed("the seed"))
        case "exhaustive":
            value = .exhaustive(preemptionBound: cursor.accept("bound") != nil ? try cursor.integer("the preemption bound", in: 0...64) : 2)
        case "delay":
            value = .delayBounded(delayBound: cursor.accept("bound") != nil ? try cursor.integer("the delay bound", in: 0...64) : 2)
        default:
            throw LineError(
                column: kind.column, "unknown strategy \(kind.quoted)",
                hint: Suggestion.didYouMean(kind.text, in: ["random", "replay", "pct", "pos", "exhaustive", "delay"]) ?? hint)
        }
        if let strategy {
            throw LineError(
                column: kind.column, "the strategy is already set on line \(strategy.line)", hint: "a scenario has one strategy")
        }
        try cursor.end(after: "the strategy")
        strategy = (value, line)
    }

    /// The character offset of the `position`-th (from 1) whitespace-separated word of `text`.
    private static func offset(ofWord position: Int, in text: String) -> Int {
        var seen = 0
        var previousIsSpace = true
        for (offset, character) in text.enumerated() {
            let isSpace = character.isWhitespace
            if !isSpace, previousIsSpace {
                seen += 1
                if seen == position { return offset }
            }
            previousIsSpace = isSpace
        }
        return 0
    }
}

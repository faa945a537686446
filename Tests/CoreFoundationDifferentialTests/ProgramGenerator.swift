/// Seeded random small programs, and shrinking a program that the two loops disagree on.
struct ProgramGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// SplitMix64: one seed, one sequence, on every machine.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    private mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    private static let runModes: [ProgramMode] = [.default, .default, .x, .y]
    private static let itemModes: [ProgramMode] = [.default, .default, .x, .common, .common]
    private static let observedActivities: [UInt32] = [ActivityName.everyActivity, 1 | 128, 2 | 4, 32 | 64]

    /// A program of up to six items and up to three runs.
    mutating func program() -> LoopProgram {
        var program = LoopProgram()
        if chance(30) { program.commonModes.append(pick([.x, .y])) }
        let count = 1 + below(6)
        var names: [String] = []
        for index in 0..<count {
            let name = "\(["o", "t", "s", "b"][index % 4])\(index)"
            names.append(name)
            program.items.append(ProgramItem(name: name, kind: kind(for: name), mode: pick(Self.itemModes)))
        }
        for index in program.items.indices where chance(40) {
            program.items[index].actions = (0..<(1 + below(2))).map { _ in action(names: names) }
        }
        // CF on Linux never disarms a mode's timerfd when its last timer goes, so the loop
        // later wakes once at that timer's date with nothing to fire; RunLoopKit does not
        // model that stale wake-up. A far timer that no action touches keeps each mode that
        // has timers armed, so removing the others never leaves a stale port.
        let timerModes = program.items.compactMap { item -> ProgramMode? in
            if case .timer = item.kind { item.mode } else { nil }
        }
        for mode in ProgramMode.allCases where timerModes.contains(mode) {
            program.items.append(ProgramItem(name: "anchor-\(mode)", kind: .timer(due: .far, repeats: false, order: 0), mode: mode))
        }
        program.runs = (0..<(1 + below(3))).map { _ in run() }
        return program
    }

    private mutating func kind(for name: String) -> ProgramItemKind {
        switch name.first {
        case "o": .observer(activities: pick(Self.observedActivities), order: pick([-1, 0, 0, 2]), repeats: chance(80))
        case "t":
            chance(50)
                ? .timer(due: pick([.past, .late, .far]), repeats: true, order: pick([0, 0, 1]))
                : .timer(due: pick([.past, .past, .far]), repeats: false, order: pick([0, 0, 1]))
        case "s": .source(order: pick([-1, 0, 0, 3]), signalled: chance(70))
        default: .block
        }
    }

    private mutating func run() -> ProgramRun {
        ProgramRun(mode: pick(Self.runModes), timeoutMilliseconds: pick([0, 0, 20]), returnAfterSourceHandled: chance(40))
    }

    private mutating func action(names: [String]) -> ProgramAction {
        let timers = names.filter { $0.hasPrefix("t") }
        let sources = names.filter { $0.hasPrefix("s") }
        switch below(9) {
        case 0: return .stop
        case 1 where !sources.isEmpty: return .signal(pick(sources))
        case 2 where !timers.isEmpty: return .removeTimer(pick(timers), from: pick([.default, .common, .x]))
        case 3 where !timers.isEmpty: return .invalidateTimer(pick(timers))
        // Never "move to now": a timerfd armed for now goes off some microseconds later
        // (timer slack), so whether the next poll sees it is a race, not a semantic.
        case 4 where !timers.isEmpty: return .moveTimerFar(pick(timers))
        case 5 where !sources.isEmpty: return .removeSource(pick(sources), from: pick([.default, .common]))
        case 6: return .addCommonMode(pick([.x, .y]))
        case 7: return .perform("p\(below(10))", in: pick(Self.itemModes))
        default: return .run(ProgramRun(mode: pick([.default, .x, .y]), timeoutMilliseconds: 0, returnAfterSourceHandled: chance(50)))
        }
    }
}

/// Shrinks a program while `fails` still holds: drops runs, items, actions, common modes,
/// one at a time, until no single removal keeps the failure.
enum ProgramShrinker {
    static func shrink(_ program: LoopProgram, while fails: (LoopProgram) -> Bool) -> LoopProgram {
        var smallest = program
        var shrunk = true
        while shrunk {
            shrunk = false
            for candidate in smaller(than: smallest) where fails(candidate) {
                smallest = candidate
                shrunk = true
                break
            }
        }
        return smallest
    }

    private static func smaller(than program: LoopProgram) -> [LoopProgram] {
        var candidates: [LoopProgram] = []
        for index in program.runs.indices where program.runs.count > 1 {
            var candidate = program
            candidate.runs.remove(at: index)
            candidates.append(candidate)
        }
        for index in program.items.indices {
            var candidate = program
            candidate.items.remove(at: index)
            candidates.append(candidate)
        }
        for index in program.commonModes.indices {
            var candidate = program
            candidate.commonModes.remove(at: index)
            candidates.append(candidate)
        }
        for index in program.items.indices {
            for action in program.items[index].actions.indices {
                var candidate = program
                candidate.items[index].actions.remove(at: action)
                candidates.append(candidate)
            }
        }
        return candidates
    }
}

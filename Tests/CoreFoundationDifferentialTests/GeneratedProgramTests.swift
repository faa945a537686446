// The seeded generator: random small programs over observers, timers (one-shot, repeating,
// late, moved), version-0 sources, blocks in modes, nested runs, stop, common modes and
// removal from inside callouts, run on CoreFoundation and on simulated RunLoopKit. A mismatch
// is shrunk to a minimal program before it is reported.
import Foundation
import Testing

@Suite("Differential: generated programs on CoreFoundation and RunLoopKit")
struct GeneratedProgramTests {
    /// How many programs one CI run tries; `CF_DIFFERENTIAL_PROGRAMS` asks for more.
    static let programCount = ProcessInfo.processInfo.environment["CF_DIFFERENTIAL_PROGRAMS"].flatMap(Int.init) ?? 300
    /// The first seed; `CF_DIFFERENTIAL_SEED` starts elsewhere.
    static let firstSeed = ProcessInfo.processInfo.environment["CF_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 1

    @Test("random programs log the same callouts and results on both loops")
    func randomPrograms() {
        for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.programCount)) {
            var generator = ProgramGenerator(seed: seed)
            let program = generator.program()
            let expected = ProgramRunner.coreFoundation(program)
            let actual = ProgramRunner.simulated(program)
            // A mismatch counts only if CoreFoundation repeats itself: on a loaded machine a
            // 20 ms run can end before a wake-up lands, which is timing, not semantics.
            guard expected != actual, ProgramRunner.coreFoundation(program) == expected else { continue }
            let minimal = ProgramShrinker.shrink(program) { candidate in
                let reference = ProgramRunner.coreFoundation(candidate)
                return reference != ProgramRunner.simulated(candidate) && ProgramRunner.coreFoundation(candidate) == reference
            }
            let difference = LogDifference(expected: ProgramRunner.coreFoundation(minimal), actual: ProgramRunner.simulated(minimal))
            Issue.record("seed \(seed): the loops differ; minimal program:\n\(minimal)\n\(difference)")
            return
        }
    }

    @Test("the generator is deterministic: one seed, one program", arguments: [UInt64(1), 42, 9_000])
    func deterministic(seed: UInt64) {
        var first = ProgramGenerator(seed: seed)
        var second = ProgramGenerator(seed: seed)
        #expect(first.program() == second.program())
    }

    @Test("the shrinker keeps a failure and removes everything that does not cause it")
    func shrinkerFindsTheCause() {
        var program = LoopProgram()
        program.items = [
            ProgramItem(name: "o0", kind: .observer(activities: ActivityName.everyActivity, order: 0, repeats: true), mode: .default),
            ProgramItem(name: "t1", kind: .timer(due: .past, repeats: false, order: 0), mode: .default, actions: [.stop]),
            ProgramItem(name: "s2", kind: .source(order: 0, signalled: true), mode: .default),
        ]
        program.runs = [ProgramRun(mode: .default, timeoutMilliseconds: 0), ProgramRun(mode: .x, timeoutMilliseconds: 0)]
        let minimal = ProgramShrinker.shrink(program) { candidate in
            candidate.items.contains { $0.actions.contains(.stop) }
        }
        #expect(minimal.items.map(\.name) == ["t1"])
        #expect(minimal.runs.count == 1)
    }
}

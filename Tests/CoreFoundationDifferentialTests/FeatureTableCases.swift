// Hand-written differential cases, one or more per row of the CFRunLoop spec's feature table
// (§9.1) that CoreFoundation on Linux can drive from a test: each runs on CoreFoundation, on
// simulated RunLoopKit and on live RunLoopKit, and the three logs must match.
import Testing

/// A hand-written program and the feature-table row it checks.
struct DifferentialCase: Sendable, CustomTestStringConvertible {
    let row: String
    let program: LoopProgram
    var testDescription: String { row }

    init(_ row: String, commonModes: [ProgramMode] = [], items: [ProgramItem], runs: [ProgramRun]) {
        self.row = row
        program = LoopProgram(commonModes: commonModes, items: items, runs: runs)
    }
}

private let all = ActivityName.everyActivity
private func observer(
    _ name: String, in mode: ProgramMode = .default, activities: UInt32 = all, order: Int = 0,
    repeats: Bool = true, then actions: [ProgramAction] = []
) -> ProgramItem {
    ProgramItem(name: name, kind: .observer(activities: activities, order: order, repeats: repeats), mode: mode, actions: actions)
}
private func timer(
    _ name: String, in mode: ProgramMode = .default, due: TimerDue = .past, repeats: Bool = false,
    order: Int = 0, then actions: [ProgramAction] = []
) -> ProgramItem {
    ProgramItem(name: name, kind: .timer(due: due, repeats: repeats, order: order), mode: mode, actions: actions)
}
private func source(
    _ name: String, in mode: ProgramMode = .default, order: Int = 0, signalled: Bool = true,
    then actions: [ProgramAction] = []
) -> ProgramItem {
    ProgramItem(name: name, kind: .source(order: order, signalled: signalled), mode: mode, actions: actions)
}
private func block(_ name: String, in mode: ProgramMode = .default, then actions: [ProgramAction] = []) -> ProgramItem {
    ProgramItem(name: name, kind: .block, mode: mode, actions: actions)
}
private func run(_ mode: ProgramMode = .default, _ milliseconds: Int = 0, returnAfterSource: Bool = false) -> ProgramRun {
    ProgramRun(mode: mode, timeoutMilliseconds: milliseconds, returnAfterSourceHandled: returnAfterSource)
}

extension DifferentialCase {
    static let featureTable: [DifferentialCase] = [
        DifferentialCase(
            "one loop per thread, lazy: a fresh thread's loop has nothing in its default mode",
            items: [observer("o")], runs: [run(.default, 20)]),
        DifferentialCase(
            "named modes, lazily created: adding to X creates it, running it serves its items",
            items: [timer("t", in: .x), observer("o", in: .x)], runs: [run(.x, 20), run(.y, 20)]),
        DifferentialCase(
            "run in one mode at a time; nested runs in other modes",
            items: [block("b", then: [.run(run(.x, 20))]), timer("t", in: .x), observer("o", in: .x, activities: 1 | 128)],
            runs: [run(.default, 20)]),
        DifferentialCase(
            "common modes: common items reach a mode once it is tagged common",
            items: [timer("t", in: .common, due: .past, repeats: true), source("s", in: .x, signalled: false)],
            runs: [run(.x, 20), run(.default, 0)]),
        DifferentialCase(
            "common modes: tagging a mode common from inside a callout",
            items: [timer("t", in: .common), source("s", in: .x, then: [.addCommonMode(.x)])],
            runs: [run(.x, 0), run(.x, 0)]),
        DifferentialCase(
            "\"run common modes\" rejected → finished",
            items: [timer("t", in: .common)], runs: [run(.common, 20)]),
        DifferentialCase(
            "result codes finished, stopped, timedOut, handledSource",
            items: [source("s"), timer("t", then: [.stop]), timer("far", due: .far)],
            runs: [run(.default, 20, returnAfterSource: true), run(.default, 20), run(.default, 20), run(.x, 20)]),
        DifferentialCase(
            "returnAfterSourceHandled: one source each run; timers and blocks do not count",
            items: [source("a", order: 5), source("b"), timer("t"), block("blk"), timer("far", due: .far)],
            runs: [run(.default, 20, returnAfterSource: true), run(.default, 20, returnAfterSource: true)]),
        DifferentialCase(
            "stop flag per activation: only the innermost run stops; stop when idle does nothing",
            items: [block("b", then: [.run(run(.default, 20))]), source("s", then: [.stop]), timer("far", due: .far)],
            runs: [run(.default, 20)]),
        DifferentialCase(
            "stop from an Entry observer ends the run before its first pass",
            items: [observer("o", repeats: false, then: [.stop]), timer("far", due: .far)],
            runs: [run(.default, 20), run(.default, 0)]),
        DifferentialCase(
            "empty mode ⇒ finished: observers do not count, a lone block runs then the run sleeps to its deadline",
            items: [observer("o", in: .x), block("b", in: .y), observer("p", in: .y)],
            runs: [run(.x, 20), run(.y, 20), run(.y, 20)]),
        DifferentialCase(
            "version-0 sources: order, then first signal; signal collapses",
            items: [
                source("a", order: 5), source("c", signalled: true), source("b", signalled: true),
                source("d", order: -1, then: [.signal("c"), .signal("a")]),
            ],
            runs: [run(.default, 0), run(.default, 0)]),
        DifferentialCase(
            "signal does not wake: a source signalled before sleeping waits for the deadline",
            items: [observer("o", activities: 32, repeats: false, then: [.signal("s")]), source("s", signalled: false)],
            runs: [run(.default, 20)]),
        DifferentialCase(
            "an explicit wake-up ends the sleep, and the signalled source runs",
            items: [observer("o", activities: 32, repeats: false, then: [.signal("s"), .wakeUp]), source("s", signalled: false)],
            runs: [run(.default, 20, returnAfterSource: true)]),
        DifferentialCase(
            "wake-ups are ignored while the loop is not running",
            items: [source("s", signalled: false, then: []), block("b", in: .x, then: [.wakeUp]), observer("o", activities: 32 | 64)],
            runs: [run(.x, 0), run(.default, 20)]),
        DifferentialCase(
            "timers: sorted per mode, one-shot invalidated, repeating kept",
            items: [timer("c", due: .far), timer("b", repeats: true), timer("a", order: 1), observer("o", activities: 2 | 64)],
            runs: [run(.default, 20)]),
        DifferentialCase(
            "timers: a late repeating timer fires once and keeps its phase",
            items: [timer("late", due: .late, repeats: true)], runs: [run(.default, 20), run(.default, 20)]),
        DifferentialCase(
            "timer only fires in modes that contain it",
            items: [timer("t"), timer("u", in: .x), source("keep", in: .x, signalled: false)],
            runs: [run(.x, 20), run(.default, 0)]),
        DifferentialCase(
            "timer set-fire-date from a callout: a far timer moved to now fires",
            items: [timer("a", then: [.moveTimerToNow("far")]), timer("far", due: .far)],
            runs: [run(.default, 20), run(.default, 20)]),
        DifferentialCase(
            "timer re-entrancy guard: a nested run in the same mode does not fire it again",
            items: [timer("t", repeats: true, then: [.moveTimerToNow("t"), .run(run(.default, 0))]), timer("far", due: .far)],
            runs: [run(.default, 20)]),
        DifferentialCase(
            "timer removed from its last mode by an earlier callout in the same batch does not fire and stays valid",
            items: [timer("first", then: [.removeTimer("second", from: .default)]), timer("second"), timer("far", due: .far)],
            runs: [run(.default, 20)]),
        DifferentialCase(
            "timer removed from one of two modes by an earlier callout still fires in the batch",
            items: [
                timer("first", then: [.removeTimer("second", from: .default)]), timer("second"), timer("second", in: .x),
                timer("far", due: .far),
            ],
            runs: [run(.default, 20)]),
        DifferentialCase(
            "repeating timer removed from common modes by an earlier callout, then invalidated",
            items: [
                timer("first", in: .common, then: [.removeTimer("second", from: .common)]),
                timer("second", in: .common, repeats: true), timer("far", due: .far),
            ],
            runs: [run(.default, 20)]),
        DifferentialCase(
            "observers: six activities, by order, a one-shot observer runs once",
            items: [
                observer("late", order: 10), observer("early", order: -5), observer("once", order: 0, repeats: false),
                timer("t"), source("s"),
            ],
            runs: [run(.default, 20)]),
        DifferentialCase(
            "observers: the firing guard keeps a nested run from calling the same observer",
            items: [observer("o", activities: 4, repeats: true, then: [.run(run(.default, 0))]), source("s", signalled: false)],
            runs: [run(.default, 0)]),
        DifferentialCase(
            "perform blocks: FIFO per mode, common blocks in common modes, blocks queued by a block wait",
            commonModes: [.x],
            items: [
                block("a", in: .x, then: [.perform("later", in: .x)]), block("b", in: .default), block("c", in: .common),
                block("d", in: .y), source("keep", in: .x, signalled: false),
            ],
            runs: [run(.x, 0), run(.default, 0), run(.x, 0)]),
        DifferentialCase(
            "CFRunLoopGetNextTimerFireDate: the first timer's fire date, even a past one and while it fires",
            items: [
                timer("p", then: [.logNextTimerFireDate(.default)]), timer("far", due: .far),
                block("b", then: [.logNextTimerFireDate(.default)]),
                observer("o", activities: 128, then: [.logNextTimerFireDate(.default), .logNextTimerFireDate(.x)]),
            ],
            runs: [run(.default, 20)]),
        DifferentialCase(
            "a timer added from another thread while the loop sleeps wakes it once, when due, with no pass before",
            items: [
                observer("o", activities: 32 | 64), timer("far", due: .far),
                block("b", then: [.addTimerFromAnotherThread("added", afterMilliseconds: 40)]),
            ],
            runs: [run(.default, 150)]),
        DifferentialCase(
            "a run's timeout counts from after its Entry observers",
            items: [
                observer("slow", activities: 1, then: [.sleep(milliseconds: 60)]), observer("o", activities: 32 | 64),
                timer("far", due: .far),
            ],
            runs: [run(.default, 20)]),
        DifferentialCase(
            "a block queued by a version-0 source's callout runs in the same pass, before the loop sleeps",
            items: [
                source("s", then: [.perform("queued", in: .default)]), observer("o", activities: 32), timer("far", due: .far),
            ],
            runs: [run(.default, 20)]),
        DifferentialCase(
            "a version-0 source that signals itself in its callout runs again on the next pass",
            items: [source("s", then: [.signal("s")]), observer("o", activities: 4), timer("far", due: .far)],
            runs: [run(.default, 20)]),
        DifferentialCase(
            "result precedence: a handled source beats a poll's timeout",
            items: [source("s"), timer("far", due: .far)], runs: [run(.default, 0, returnAfterSource: true)]),
        DifferentialCase(
            "result precedence: a stop beats the mode emptying in the same pass",
            items: [source("s", then: [.stop, .removeSource("s", from: .default)])], runs: [run(.default, 20)]),
        DifferentialCase(
            "removing a source from inside another source's callout",
            items: [source("a", order: -1, then: [.removeSource("b", from: .default)]), source("b"), timer("far", due: .far)],
            runs: [run(.default, 0)]),
    ]
}

@Suite("Differential: the CFRunLoop feature table on CoreFoundation and RunLoopKit")
struct FeatureTableTests {
    @Test("simulated RunLoopKit logs what CoreFoundation logs", arguments: DifferentialCase.featureTable)
    func simulatedMatchesCoreFoundation(_ example: DifferentialCase) {
        let expected = ProgramRunner.coreFoundation(example.program)
        let actual = ProgramRunner.simulated(example.program)
        #expect(expected == actual, "\(example.program)\n\(LogDifference(expected: expected, actual: actual))")
    }

    @Test("live RunLoopKit logs what CoreFoundation logs", arguments: DifferentialCase.featureTable)
    func liveMatchesCoreFoundation(_ example: DifferentialCase) {
        let expected = ProgramRunner.coreFoundation(example.program)
        let actual = ProgramRunner.live(example.program)
        #expect(expected == actual, "\(example.program)\n\(LogDifference(expected: expected, actual: actual))")
    }
}

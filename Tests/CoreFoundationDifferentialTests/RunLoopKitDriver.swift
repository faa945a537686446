import LabRuntime
import RunLoopKit

/// A ``LoopDriver`` over RunLoopKit, on the calling lab thread's loop: simulated or live,
/// whichever runtime the thread belongs to.
final class RunLoopKitDriver: LoopDriver {
    private let loop = RunLoop.current
    private let runtime = currentRuntime()
    private let start: LabInstant
    private var timers: [String: RunLoopTimer] = [:]
    private var sources: [String: RunLoopSource] = [:]
    private var helpers: [LabThread] = []

    init() {
        start = runtime.now()
    }

    private func kitMode(_ mode: ProgramMode) -> RunLoopMode {
        switch mode {
        case .default: .default
        case .common: .common
        case .x, .y: RunLoopMode(mode.rawValue)
        }
    }

    private func instant(_ time: Double) -> LabInstant { start + .nanoseconds(Int64((time * 1e9).rounded())) }

    func now() -> Double { seconds(since: runtime.now()) }

    func addObserver(
        _ name: String, activities: UInt32, order: Int, repeats: Bool, mode: ProgramMode,
        callout: @escaping (UInt32) -> Void
    ) {
        let callout = UncheckedCallout(callout)
        let observer = RunLoopObserver(
            activities: RunLoopActivity(rawValue: activities), repeats: repeats, order: order,
            name: name
        ) { _, activity in callout.body(activity.rawValue) }
        loop.add(observer, forMode: kitMode(mode))
    }

    func addTimer(
        _ name: String, firstFire: Double, interval: Double, order: Int, mode: ProgramMode,
        callout: @escaping () -> Void
    ) {
        let callout = UncheckedCallout(callout)
        letClockMove()
        let timer =
            timers[name]
            ?? RunLoopTimer(
                fireAt: instant(firstFire), interval: .nanoseconds(Int64(interval * 1e9)),
                order: order, name: name
            ) { _ in callout.body(()) }
        timers[name] = timer
        loop.add(timer, forMode: kitMode(mode))
    }

    func addSource(_ name: String, order: Int, mode: ProgramMode, callout: @escaping () -> Void) {
        let callout = UncheckedCallout(callout)
        let source = RunLoopSource(name: name, order: order) { callout.body(()) }
        sources[name] = source
        loop.add(source, forMode: kitMode(mode))
    }

    func perform(in mode: ProgramMode, _ block: @escaping () -> Void) {
        let callout = UncheckedCallout(block)
        loop.perform(inModes: [kitMode(mode)]) { callout.body(()) }
    }

    /// RunLoopKit refuses to run the common pseudo-mode with an error where CF logs and
    /// returns finished; the error is logged as CF's result.
    func run(_ run: ProgramRun) -> Int {
        do {
            return try loop.run(
                mode: kitMode(run.mode), for: .milliseconds(run.timeoutMilliseconds),
                returnAfterSourceHandled: run.returnAfterSourceHandled
            ).rawValue
        } catch .cannotRunCommonModes {
            return RunLoopResult.finished.rawValue
        } catch {
            return 0
        }
    }

    func stop() { loop.stop() }
    func wakeUp() { loop.wakeUp() }
    func signal(_ source: String) { sources[source]?.signal() }

    func removeTimer(_ timer: String, from mode: ProgramMode) {
        guard let timer = timers[timer] else { return }
        loop.remove(timer, forMode: kitMode(mode))
    }

    func invalidateTimer(_ timer: String) { timers[timer]?.invalidate() }
    func setNextFire(_ timer: String, to time: Double) {
        letClockMove()
        timers[timer]?.fireDate = instant(time)
    }

    /// On a real clock time moves on between any two steps; virtual time stands still. Where
    /// CF compares two such moments (a past fire date is stored as the moment it was given, so
    /// timers made one after the other are ordered by it; a date set in a timer's own callout
    /// counts only if strictly later than the one that fired), a simulation lets a
    /// microsecond pass first.
    private func letClockMove() {
        if runtime.flavor == .simulated { runtime.sleep(until: runtime.now() + .microseconds(1)) }
    }

    func removeSource(_ source: String, from mode: ProgramMode) {
        guard let source = sources[source] else { return }
        loop.remove(source, forMode: kitMode(mode))
    }

    func addCommonMode(_ mode: ProgramMode) { loop.addCommonMode(kitMode(mode)) }
    func isValid(_ timer: String) -> Bool { timers[timer]?.isValid ?? false }

    func nextFire(_ timer: String) -> Double {
        timers[timer].map { seconds(since: $0.fireDate) } ?? 0
    }

    func nextTimerFireDate(in mode: ProgramMode) -> Double? {
        loop.nextTimerFireDate(forMode: kitMode(mode)).map(seconds(since:))
    }

    func sleep(milliseconds: Int) { runtime.sleep(until: runtime.now() + .milliseconds(milliseconds)) }

    func addTimerFromAnotherThread(_ name: String, firstFire: Double, callout: @escaping () -> Void) {
        let callout = UncheckedCallout(callout)
        let timer = RunLoopTimer(fireAt: instant(firstFire), name: name) { _ in callout.body(()) }
        timers[name] = timer
        let (loop, runtime) = (loop, runtime)
        helpers.append(
            runtime.spawnThread(named: "timer adder") {
                let giveUp = runtime.now() + .seconds(30)
                while !loop.isWaiting, runtime.now() < giveUp { runtime.yield("until the loop sleeps") }
                loop.add(timer, forMode: .default)
            })
    }

    func joinHelpers() {
        for helper in helpers { helper.join() }
        helpers.removeAll()
    }

    private func seconds(since instant: LabInstant) -> Double { Double(instant.nanoseconds - start.nanoseconds) / 1e9 }
}

/// A callout handed to RunLoopKit's `@Sendable` closures. Safe because the program's loop runs
/// it only on the thread that owns the interpreter and the loop.
private struct UncheckedCallout<Argument>: @unchecked Sendable {
    let body: (Argument) -> Void
    init(_ body: @escaping (Argument) -> Void) { self.body = body }
}

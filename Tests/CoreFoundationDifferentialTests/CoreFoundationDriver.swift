import CoreFoundation
import Foundation
import LabRuntime

/// A ``LoopDriver`` over the toolchain's CoreFoundation (swift-corelibs-foundation's
/// `CFRunLoop.c`), on the calling thread's CF run loop. `import Foundation` alone does not
/// expose the CF C functions on Linux; the toolchain's `CoreFoundation` clang module does.
final class CoreFoundationDriver: LoopDriver {
    private let loop: CFRunLoop
    private let start = CFAbsoluteTimeGetCurrent()
    private var timers: [String: CFRunLoopTimer] = [:]
    private var sources: [String: CFRunLoopSource] = [:]
    private var sourceCallouts: [SourceCallout] = []
    private var modeNames: [ProgramMode: CFString] = [:]
    private var helpers: [LabThread] = []

    /// The calling thread's loop; the thread must be a fresh one, so that the loop is too.
    init() {
        loop = CFRunLoopGetCurrent()
    }

    private func cfMode(_ mode: ProgramMode) -> CFRunLoopMode {
        switch mode {
        case .default: return kCFRunLoopDefaultMode
        case .common: return kCFRunLoopCommonModes
        case .x, .y:
            if let name = modeNames[mode] { return name }
            let name = CFStringCreateWithCString(nil, mode.rawValue, CFStringBuiltInEncodings.UTF8.rawValue)!
            modeNames[mode] = name
            return name
        }
    }

    func now() -> Double { CFAbsoluteTimeGetCurrent() - start }

    func addObserver(
        _ name: String, activities: UInt32, order: Int, repeats: Bool, mode: ProgramMode,
        callout: @escaping (UInt32) -> Void
    ) {
        let observer = CFRunLoopObserverCreateWithHandler(nil, CFOptionFlags(activities), repeats, CFIndex(order)) { _, activity in
            callout(UInt32(activity.rawValue))
        }
        CFRunLoopAddObserver(loop, observer, cfMode(mode))
    }

    func addTimer(
        _ name: String, firstFire: Double, interval: Double, order: Int, mode: ProgramMode,
        callout: @escaping () -> Void
    ) {
        let timer = timers[name] ?? CFRunLoopTimerCreateWithHandler(nil, start + firstFire, interval, 0, CFIndex(order)) { _ in callout() }!
        timers[name] = timer
        CFRunLoopAddTimer(loop, timer, cfMode(mode))
    }

    func addSource(_ name: String, order: Int, mode: ProgramMode, callout: @escaping () -> Void) {
        let box = SourceCallout(callout)
        sourceCallouts.append(box)
        var context = CFRunLoopSourceContext()
        context.info = Unmanaged.passUnretained(box).toOpaque()
        context.perform = { info in
            guard let info else { return }
            Unmanaged<SourceCallout>.fromOpaque(info).takeUnretainedValue().callout()
        }
        let source = CFRunLoopSourceCreate(nil, CFIndex(order), &context)!
        sources[name] = source
        CFRunLoopAddSource(loop, source, cfMode(mode))
    }

    func perform(in mode: ProgramMode, _ block: @escaping () -> Void) {
        CFRunLoopPerformBlock(loop, cfMode(mode), block)
    }

    func run(_ run: ProgramRun) -> Int {
        Int(CFRunLoopRunInMode(cfMode(run.mode), Double(run.timeoutMilliseconds) / 1000, run.returnAfterSourceHandled).rawValue)
    }

    func stop() { CFRunLoopStop(loop) }
    func wakeUp() { CFRunLoopWakeUp(loop) }

    func signal(_ source: String) {
        guard let source = sources[source] else { return }
        CFRunLoopSourceSignal(source)
    }

    func removeTimer(_ timer: String, from mode: ProgramMode) {
        guard let timer = timers[timer] else { return }
        CFRunLoopRemoveTimer(loop, timer, cfMode(mode))
    }

    func invalidateTimer(_ timer: String) {
        guard let timer = timers[timer] else { return }
        CFRunLoopTimerInvalidate(timer)
    }

    func setNextFire(_ timer: String, to time: Double) {
        guard let timer = timers[timer] else { return }
        CFRunLoopTimerSetNextFireDate(timer, start + time)
    }

    func removeSource(_ source: String, from mode: ProgramMode) {
        guard let source = sources[source] else { return }
        CFRunLoopRemoveSource(loop, source, cfMode(mode))
    }

    func addCommonMode(_ mode: ProgramMode) { CFRunLoopAddCommonMode(loop, cfMode(mode)) }

    func isValid(_ timer: String) -> Bool { timers[timer].map { CFRunLoopTimerIsValid($0) } ?? false }

    func nextFire(_ timer: String) -> Double {
        timers[timer].map { CFRunLoopTimerGetNextFireDate($0) - start } ?? 0
    }

    func nextTimerFireDate(in mode: ProgramMode) -> Double? {
        let date = CFRunLoopGetNextTimerFireDate(loop, cfMode(mode))
        return date == 0 ? nil : date - start
    }

    func sleep(milliseconds: Int) { usleep(UInt32(milliseconds * 1000)) }

    func addTimerFromAnotherThread(_ name: String, firstFire: Double, callout: @escaping () -> Void) {
        let timer = CFRunLoopTimerCreateWithHandler(nil, start + firstFire, 0, 0, 0) { _ in callout() }!
        timers[name] = timer
        let objects = CrossThreadObjects(loop: loop, timer: timer)
        helpers.append(
            LiveRuntime.shared.spawnThread(named: "timer adder") {
                let giveUp = CFAbsoluteTimeGetCurrent() + 30
                while !CFRunLoopIsWaiting(objects.loop), CFAbsoluteTimeGetCurrent() < giveUp { sched_yield() }
                CFRunLoopAddTimer(objects.loop, objects.timer, kCFRunLoopDefaultMode)
            })
    }

    func joinHelpers() {
        for helper in helpers { helper.join() }
        helpers.removeAll()
    }

    /// Invalidates what the program made, so that nothing outlives it.
    func tearDown() {
        for source in sources.values { CFRunLoopSourceInvalidate(source) }
        for timer in timers.values { CFRunLoopTimerInvalidate(timer) }
    }
}

/// A source's perform callout, reached through the context's `info` pointer.
private final class SourceCallout {
    let callout: () -> Void
    init(_ callout: @escaping () -> Void) { self.callout = callout }
}

/// A loop and a timer handed to another thread. Safe because CoreFoundation's run-loop
/// functions that thread calls (`CFRunLoopIsWaiting`, `CFRunLoopAddTimer`) lock the loop.
private struct CrossThreadObjects: @unchecked Sendable {
    let loop: CFRunLoop
    let timer: CFRunLoopTimer
}

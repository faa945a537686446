/// The run-loop operations a ``LoopProgram`` needs, on one thread's loop: implemented once
/// over CoreFoundation and once over RunLoopKit, so the interpreter that turns a program into
/// a log is shared. Times are seconds relative to the program's start.
protocol LoopDriver: AnyObject {
    func addObserver(
        _ name: String, activities: UInt32, order: Int, repeats: Bool, mode: ProgramMode,
        callout: @escaping (UInt32) -> Void)
    func addTimer(
        _ name: String, firstFire: Double, interval: Double, order: Int, mode: ProgramMode,
        callout: @escaping () -> Void)
    func addSource(_ name: String, order: Int, mode: ProgramMode, callout: @escaping () -> Void)
    func perform(in mode: ProgramMode, _ block: @escaping () -> Void)
    /// One run; returns CF's raw result code.
    func run(_ run: ProgramRun) -> Int
    func stop()
    func wakeUp()
    func signal(_ source: String)
    func removeTimer(_ timer: String, from mode: ProgramMode)
    func invalidateTimer(_ timer: String)
    func setNextFire(_ timer: String, to time: Double)
    func removeSource(_ source: String, from mode: ProgramMode)
    func addCommonMode(_ mode: ProgramMode)
    func isValid(_ timer: String) -> Bool
    /// When the timer is next due, relative to the program's start.
    func nextFire(_ timer: String) -> Double
    /// `CFRunLoopGetNextTimerFireDate` for `mode`, relative to the program's start; nil
    /// when the mode has no timer.
    func nextTimerFireDate(in mode: ProgramMode) -> Double?
    /// Blocks the calling thread for `milliseconds`.
    func sleep(milliseconds: Int)
    /// Has another thread wait until the loop sleeps, then add a one-shot timer to the
    /// default mode, first due at `firstFire`.
    func addTimerFromAnotherThread(_ name: String, firstFire: Double, callout: @escaping () -> Void)
    /// Waits for the threads ``addTimerFromAnotherThread(_:firstFire:callout:)`` started.
    func joinHelpers()
    /// Seconds since the program started.
    func now() -> Double
}

/// Runs a ``LoopProgram`` on a ``LoopDriver`` and logs every callout and result.
final class ProgramInterpreter {
    /// A repeating timer's interval: long enough that none fires twice in a program.
    static let timerInterval = 10.0
    private let driver: any LoopDriver
    private let program: LoopProgram
    private(set) var log: [String] = []
    private var actedOnce: Set<String> = []

    init(program: LoopProgram, driver: any LoopDriver) {
        self.program = program
        self.driver = driver
    }

    /// Sets the program up, runs it, and returns its log, ending with each timer's state.
    func interpret() -> [String] {
        for mode in program.commonModes { driver.addCommonMode(mode) }
        for item in program.items { add(item) }
        for run in program.runs {
            log.append("run \(run.mode) → \(ResultName.of(rawValue: driver.run(run)))")
        }
        driver.joinHelpers()
        for item in program.items {
            guard case let .timer(_, repeats, _) = item.kind else { continue }
            var state = "\(item.name) valid \(driver.isValid(item.name))"
            if repeats, driver.isValid(item.name) {
                state += " next in \(Int((driver.nextFire(item.name) - driver.now()).rounded(.up))) s"
            }
            log.append(state)
        }
        return log
    }

    private func add(_ item: ProgramItem) {
        let name = item.name
        switch item.kind {
        case let .observer(activities, order, repeats):
            driver.addObserver(name, activities: activities, order: order, repeats: repeats, mode: item.mode) { [self] bit in
                log.append("\(name) \(ActivityName.names(bit).joined(separator: "|"))")
                act(item)
            }
        case let .timer(due, repeats, order):
            let interval = repeats ? Self.timerInterval : 0
            let first: Double =
                switch due {
                case .past: driver.now() - 0.001
                case .late: driver.now() - 2.5 * Self.timerInterval
                case .far: driver.now() + 10_000
                case let .after(milliseconds): driver.now() + Double(milliseconds) / 1000
                }
            driver.addTimer(name, firstFire: first, interval: interval, order: order, mode: item.mode) { [self] in
                log.append("\(name) fired")
                act(item)
            }
        case let .source(order, signalled):
            driver.addSource(name, order: order, mode: item.mode) { [self] in
                log.append("\(name) performed")
                act(item)
            }
            if signalled { driver.signal(name) }
        case .block:
            driver.perform(in: item.mode) { [self] in
                log.append("\(name) ran")
                act(item)
            }
        }
    }

    private func act(_ item: ProgramItem) {
        guard actedOnce.insert(item.name).inserted else { return }
        for action in item.actions { perform(action) }
    }

    private func perform(_ action: ProgramAction) {
        switch action {
        case .stop: driver.stop()
        case .wakeUp: driver.wakeUp()
        case let .signal(name): driver.signal(name)
        case let .removeTimer(name, mode): driver.removeTimer(name, from: mode)
        case let .invalidateTimer(name): driver.invalidateTimer(name)
        case let .moveTimerToNow(name): driver.setNextFire(name, to: driver.now())
        case let .moveTimerFar(name): driver.setNextFire(name, to: driver.now() + 10_000)
        case let .removeSource(name, mode): driver.removeSource(name, from: mode)
        case let .addCommonMode(mode): driver.addCommonMode(mode)
        case let .perform(name, mode):
            driver.perform(in: mode) { [self] in log.append("\(name) ran") }
        case let .run(run):
            log.append("nested \(run.mode) → \(ResultName.of(rawValue: driver.run(run)))")
        case let .logNextTimerFireDate(mode):
            log.append("next timer fire date of \(mode): \(timer(firingAt: driver.nextTimerFireDate(in: mode)))")
        case let .sleep(milliseconds): driver.sleep(milliseconds: milliseconds)
        case let .addTimerFromAnotherThread(name, milliseconds):
            driver.addTimerFromAnotherThread(name, firstFire: driver.now() + Double(milliseconds) / 1000) { [self] in
                log.append("\(name) fired")
            }
        }
    }

    /// The names of the program's timers whose fire date is `date`, or what else it is.
    private func timer(firingAt date: Double?) -> String {
        guard let date else { return "none" }
        let names = program.items.compactMap { item -> String? in
            guard case .timer = item.kind, driver.isValid(item.name), driver.nextFire(item.name) == date else { return nil }
            return item.name
        }
        return names.isEmpty ? "no timer's fire date" : names.joined(separator: ", ")
    }
}

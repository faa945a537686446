// Spec §4, Creation: "dates are clamped to TIMER_DATE_LIMIT and intervals to
// TIMER_INTERVAL_LIMIT"; and __CFRunLoopDoTimer moves a repeating timer on only while it is
// valid.
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Timer limits: clamped intervals and dates, and an invalidated timer's date")
struct TimerLimitTests {
    @Test("an interval above CF's TIMER_INTERVAL_LIMIT is cut to it, and such a timer fires and is moved on by it")
    func longIntervalIsClamped() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let timer = RunLoopTimer(fireAt: ms(10), interval: .seconds(400 * 365 * 86_400), name: "centuries") { _ in
                seen.append("fired")
            }
            loop.add(timer, forMode: .default)
            _ = runCurrent(for: .milliseconds(50))
            seen.append("interval \(timer.interval == RunLoopTimer.intervalLimit), next \(timer.fireDate)")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["fired", "interval true, next \(ms(10) + RunLoopTimer.intervalLimit)"])
    }

    @Test("a fire date beyond distantFuture, given or set, is stored as distantFuture")
    func lateDateIsClamped() {
        let seen = Shared<[String]>([])
        _ = Simulation.run(seed: 0) {
            let beyond = LabInstant(nanoseconds: .max)
            let timer = RunLoopTimer(fireAt: beyond, interval: .seconds(1), name: "beyond") { _ in }
            seen.append("\(timer.fireDate == .distantFuture)")
            timer.fireDate = ms(5)
            timer.fireDate = beyond
            seen.append("\(timer.fireDate == .distantFuture)")
        }
        #expect(seen.value == ["true", "true"])
    }

    @Test("a repeating timer whose callout invalidates it keeps the fire date it fired for")
    func invalidatedInCalloutKeepsItsDate() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            let timer = RunLoopTimer(fireAt: ms(10), interval: .milliseconds(10), name: "once only") { timer in
                timer.invalidate()
            }
            loop.add(timer, forMode: .default)
            _ = runCurrent(for: .milliseconds(50))
            seen.append("valid \(timer.isValid), fire date \(timer.fireDate)")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["valid false, fire date 0.010000"])
        #expect(result.times("timer.fire") == [ms(10)])
    }

    @Test("a negative interval makes a one-shot timer: it fires once and is invalidated")
    func negativeIntervalIsOneShot() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let timer = RunLoopTimer(fireAt: ms(10), interval: .milliseconds(-5), name: "backwards") { _ in seen.append("fired") }
            loop.add(timer, forMode: .default)
            _ = runCurrent(for: .milliseconds(50))
            seen.append("repeats \(timer.repeats), valid \(timer.isValid)")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["fired", "repeats false, valid false"])
    }

    @Test("a one-shot timer whose callout moves its fire date later is still invalidated after the callout")
    func oneShotMovedLaterIsInvalidated() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            let timer = RunLoopTimer(fireAt: ms(10), name: "once") { timer in timer.fireDate = ms(30) }
            loop.add(timer, forMode: .default)
            _ = runCurrent(for: .milliseconds(50))
            seen.append("valid \(timer.isValid)")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["valid false"])
        #expect(result.times("timer.fire") == [ms(10)])
    }
}

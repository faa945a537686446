// Live, a loop thread that chose to (AFNetworking's network thread does) holds the wake-ups it
// sends other loops until it is about to block (see LabRuntime's HeldWakeUps). These check that a
// held wake-up is never what another thread waits for: a loop that never sleeps still delivers it,
// and so does a callout that blocks for a reply; and that a loop that did not choose to hold
// wakes its target at once, as CF does. Threads meet on semaphores; nothing sleeps or asserts a
// duration.
import Glibc
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

// A held wake-up that never arrives shows as a hang; the suite's time limit turns it into a failure.
@Suite("Live held wake-ups: a busy loop's wake-ups still arrive", .timeLimit(.minutes(1)))
struct HeldWakeUpTests {
    /// A loop on its own thread with a keep-alive port, started and ready for performs.
    private static func spawnLoop(named name: String, holdingWakeUps: Bool = false, in runtime: LiveRuntime) -> LabThread {
        let started = runtime.makeSemaphore(named: "\(name) started", value: 0)
        let thread = runtime.spawnThread(named: name) {
            if holdingWakeUps { LabThread.current.holdWakeUpsWhileBusy() }
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "\(name) keep-alive"), forMode: .default)
            loop.perform { started.signal() }
            try? loop.run()
        }
        started.wait()
        return thread
    }

    @Test("live: a loop that never sleeps still wakes the loop it performed a block on")
    func busyLoopDeliversItsWakeUp() {
        let runtime = LiveRuntime(tracing: false)
        let target = Self.spawnLoop(named: "target", in: runtime)
        let ran = runtime.makeSemaphore(named: "ran", value: 0)
        let performed = Shared(false)
        let spinning = Shared(true)
        let busy = runtime.spawnThread(named: "busy") {
            LabThread.current.holdWakeUpsWhileBusy()
            let loop = RunLoop.current
            // Signalled again from its own callout while spinning: every pass handles it, so
            // the loop never blocks in its wait.
            let spinner = Shared<RunLoopSource?>(nil)
            let source = RunLoopSource(name: "spinner") {
                if !performed.value {
                    performed.update { $0 = true }
                    try? RunLoop.perform(on: target) { ran.signal() }
                }
                if spinning.value { spinner.value?.signal() }
            }
            spinner.update { $0 = source }
            loop.add(source, forMode: .default)
            source.signal()
            _ = try? loop.run(mode: .default, for: .seconds(30))
        }
        ran.wait()
        spinning.update { $0 = false }
        RunLoop.of(busy).stop()
        busy.join()
        RunLoop.of(target).stop()
        target.join()
        #expect(performed.value)
    }

    @Test("live: a callout that waits for another loop's reply does not hold the wake-up the reply needs")
    func blockingCalloutDeliversItsWakeUp() {
        let runtime = LiveRuntime(tracing: false)
        let target = Self.spawnLoop(named: "target", in: runtime)
        let caller = Self.spawnLoop(named: "caller", holdingWakeUps: true, in: runtime)
        let seen = Shared<[String]>([])
        let done = runtime.makeSemaphore(named: "done", value: 0)
        try? RunLoop.perform(on: caller) {
            try? RunLoop.perform(on: target, waitUntilDone: true) { seen.append("ran on \(LabThread.current.name)") }
            seen.append("reply seen")
            done.signal()
        }
        done.wait()
        for thread in [caller, target] {
            RunLoop.of(thread).stop()
            thread.join()
        }
        #expect(seen.value == ["ran on target", "reply seen"])
    }

    @Test("live: a loop that did not choose to hold wakes its target at once, for a callout that spins until the target ran")
    func unheldWakeUpIsWrittenAtOnce() {
        let runtime = LiveRuntime(tracing: false)
        let target = Self.spawnLoop(named: "target", in: runtime)
        let caller = Self.spawnLoop(named: "caller", in: runtime)
        let ran = Shared(false)
        let done = runtime.makeSemaphore(named: "done", value: 0)
        try? RunLoop.perform(on: caller) {
            try? RunLoop.perform(on: target) { ran.update { $0 = true } }
            // No lab wait: only a wake-up written at once lets the target run the block.
            while !ran.value { sched_yield() }
            done.signal()
        }
        done.wait()
        for thread in [caller, target] {
            RunLoop.of(thread).stop()
            thread.join()
        }
        #expect(ran.value)
    }
}

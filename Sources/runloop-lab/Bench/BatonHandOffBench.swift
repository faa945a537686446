import LabRuntime

/// The cost of one baton hand-off in the simulator: two lab threads yield to each other
/// `handOffs` times under a strategy that always switches, with tracing off, so every
/// scheduling point is a hand-off. No schedule can pass scheduling points faster than
/// this when every point switches: it is the simulator's limit.
enum BatonHandOffBench {
    /// Always runs a thread other than the one that reached the point.
    private struct AlternatingStrategy: SchedulingStrategy {
        mutating func choose(_ decision: SchedulingDecision) -> LabThreadID {
            decision.enabled.first { $0 != decision.current } ?? decision.defaultChoice
        }
    }

    /// Nanoseconds per hand-off, over one simulation of `handOffs` scheduling points.
    static func measure(handOffs: Int) -> Double {
        let rounds = handOffs / 2
        let simulation = Simulation(strategy: AlternatingStrategy(), stepLimit: handOffs * 4, tracing: false)
        let start = MonotonicClock.nanoseconds()
        let result = simulation.run {
            let runtime = currentRuntime()
            let peer = runtime.spawnThread(named: "peer") { for _ in 0..<rounds { runtime.yield("ping") } }
            for _ in 0..<rounds { runtime.yield("pong") }
            peer.join()
        }
        let elapsed = MonotonicClock.nanoseconds() - start
        return Double(elapsed) / Double(max(result.steps, 1))
    }
}

import LabRuntime

/// PCT's `k` for a scenario when none is given: the most choice points (scheduling points
/// with at least two runnable threads) seen in the default run and in `probes` random runs
/// whose seeds derive from the exploration's seed. Deterministic for a given seed.
enum PCTStepEstimate {
    /// The estimate, at least 1.
    static func measure(_ scenario: Scenario, seed: UInt64, probes: Int = 4) -> Int {
        var most = scenario.replay(Schedule(switches: [])).choicePoints
        var generator = SplitMix64(seed: seed ^ 0x5043_545F_5052_4F42)
        for _ in 0..<probes {
            let result = scenario.run(RandomStrategy(seed: generator.next()))
            most = max(most, result.choicePoints)
        }
        return max(most, 1)
    }
}

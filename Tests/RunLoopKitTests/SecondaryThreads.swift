import LabRuntime

// A runtime's main thread (a simulation's T0, a live runtime's first thread) has the main
// loop, whose common modes the main queue keeps from being empty (spec §2.3 rule 5). A test
// about any other loop (a network thread's, a plain loop's emptiness) runs it on a thread the
// main thread starts.

/// Runs `body` under a simulation on a worker lab thread that T0 starts and joins at once.
func simulateOnWorker(seed: UInt64, _ body: @escaping @Sendable () -> Void) -> SimulationResult {
    Simulation.run(seed: seed) { currentRuntime().spawnThread(named: "worker", body).join() }
}

/// Runs `body` on the main thread of `runtime`, which must have started no thread yet, and
/// waits for it: the threads `body` starts are secondary ones.
func onMainThread(of runtime: LiveRuntime, _ body: @escaping @Sendable () -> Void) {
    runtime.spawnThread(named: "main", body).join()
}

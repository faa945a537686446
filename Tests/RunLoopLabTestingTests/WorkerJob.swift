import RunLoopLabTesting

/// Starts a worker that runs its run loop, performs a job on it, and expects the job to
/// run. Without `keepAlive` the worker's loop can find its mode empty and exit before the
/// job arrives: the race lesson 3's keep-alive port prevents.
func startWorkerAndSendJob(keepAlive: Bool) {
    let ran = ScenarioCell(false)
    let worker = currentRuntime().spawnThread(named: "worker") {
        let loop = RunLoop.current
        if keepAlive { _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default) }
        try? loop.run()
    }
    try? RunLoop.perform(on: worker, label: "job") {
        ran.update { $0 = true }
        RunLoop.current.stop()
    }
    worker.join()
    Lab.expect(ran.value, "the job ran on the worker")
}

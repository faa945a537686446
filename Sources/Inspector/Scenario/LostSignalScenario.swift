import LabRuntime

extension Scenario {
    /// `lost-signal`: a consumer checks a `ready` flag and, if it is not set, announces that
    /// it is waiting and waits on a semaphore; the producer sets `ready` and signals only if
    /// someone announced. The check and the announcement are two critical sections, so a
    /// producer that runs between them signals nobody and the consumer waits forever.
    public static let lostSignal = Scenario(
        name: "lost-signal",
        summary: "a consumer checks a flag, then waits; a producer between the two signals nobody"
    ) {
        let runtime = currentRuntime()
        let lock = runtime.makeLock(named: "state")
        let wakeUp = runtime.makeSemaphore(named: "wake-up", value: 0)
        let ready = ScenarioCell(false)
        let waiting = ScenarioCell(false)
        let consumer = runtime.spawnThread(named: "consumer") {
            let isReady = lock.withLock { ready.value }
            guard !isReady else { return }
            lock.withLock { waiting.update { $0 = true } }
            wakeUp.wait()
        }
        let producer = runtime.spawnThread(named: "producer") {
            let shouldSignal = lock.withLock {
                ready.update { $0 = true }
                return waiting.value
            }
            if shouldSignal { wakeUp.signal() }
        }
        consumer.join()
        producer.join()
    }
}

import LabRuntime

extension Scenario {
    /// `bounded-buffer`: a one-slot buffer under a lock, with semaphores as its "not empty"
    /// and "not full" conditions. Waiters test the condition with `if` instead of `while`:
    /// woken, a consumer takes an item another consumer already took, and the count drops
    /// below zero.
    static let boundedBuffer = Scenario(
        name: "bounded-buffer", summary: "a one-slot buffer whose waiters test their condition with if, not while"
    ) {
        let runtime = currentRuntime()
        let lock = runtime.makeLock(named: "buffer")
        let notEmpty = runtime.makeSemaphore(named: "not-empty", value: 0)
        let notFull = runtime.makeSemaphore(named: "not-full", value: 0)
        let count = LabCell("count", 0)
        let producer = runtime.spawnThread(named: "producer") {
            for _ in 0..<2 {
                lock.lock()
                if count.load() == 1 {
                    lock.unlock()
                    notFull.wait()
                    lock.lock()
                }
                count.update { $0 += 1 }
                lock.unlock()
                notEmpty.signal()
            }
        }
        let consumers = (1...2).map { index in
            runtime.spawnThread(named: "consumer-\(index)") {
                lock.lock()
                if count.load() == 0 {
                    lock.unlock()
                    notEmpty.wait()
                    lock.lock()
                }
                count.update { $0 -= 1 }
                ScenarioExpectation.check(count.load() >= 0, "the buffer never holds fewer than 0 items")
                lock.unlock()
                notFull.signal()
            }
        }
        producer.join()
        for consumer in consumers { consumer.join() }
    }
}

import CSystem
import Glibc
import LabRuntime
import LabTestSupport
import Synchronization
import Testing

@Suite("The live runtime")
struct LiveRuntimeTests {
    @Test("threads run in parallel, locks exclude, join waits")
    func threadsAndLocks() {
        let runtime = LiveRuntime()
        let lock = runtime.makeLock(named: "counter")
        let total = Shared(0)
        let threads = (0..<4).map { index in
            runtime.spawnThread(named: "worker-\(index)") {
                for _ in 0..<1_000 { lock.withLock { total.update { $0 += 1 } } }
            }
        }
        for thread in threads { thread.join() }
        #expect(total.value == 4_000)
        #expect(threads.allSatisfy { $0.hasExited })
        #expect(threads.map(\.id) == [0, 1, 2, 3])
    }

    @Test("a live unlock by a thread that does not hold the lock answers false, is traced, and leaves the lock held")
    func unlockByAnotherThread() {
        let runtime = LiveRuntime()
        let lock = runtime.makeLock(named: "plain")
        let taken = runtime.makeSemaphore(named: "taken", value: 0)
        let tried = runtime.makeSemaphore(named: "tried", value: 0)
        let answers = Shared<[Bool]>([])
        let holder = runtime.spawnThread(named: "holder") {
            lock.lock()
            taken.signal()
            tried.wait()
            answers.update { $0.append(lock.unlock()) }
        }
        let intruder = runtime.spawnThread(named: "intruder") {
            taken.wait()
            answers.update { $0.append(lock.unlock()) }
            tried.signal()
        }
        holder.join()
        intruder.join()
        #expect(answers.value == [false, true])
        let misuse = runtime.trace.snapshot.filter { $0.name == "lock.release-unheld" }
        #expect(misuse.map(\.threadName) == ["intruder"])
        #expect(misuse.map(\.kind.detail) == ["L0 plain held by T0"])
    }

    @Test("a port set reports a readable eventfd, and times out otherwise")
    func portSetWait() throws {
        let runtime = LiveRuntime()
        let set = runtime.makePortSet(named: "test")
        let fd = LabFileDescriptor(adopting: eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)), label: "efd", runtime: runtime)
        try set.insert(fd)
        #expect(set.wait(until: runtime.now() + .milliseconds(20)) == .timedOut)
        let writer = runtime.spawnThread(named: "writer") { _ = eventfd_write(fd.rawValue!, 1) }
        #expect(set.wait(until: runtime.now() + .seconds(30)) == .ready(fd, .readable))
        writer.join()
    }

    @Test("a port set refuses a closed descriptor")
    func closedDescriptor() {
        let runtime = LiveRuntime()
        let fd = LabFileDescriptor(adopting: eventfd(0, 0), label: "efd", runtime: runtime)
        fd.close()
        let set = runtime.makePortSet(named: "p")
        #expect(throws: SystemCallError.self) { try set.insert(fd) }
    }

    @Test("a port set with many members reports the ready one, forgets a removed one, and updates an interest")
    func portSetMembersByDescriptor() throws {
        let runtime = LiveRuntime()
        let set = runtime.makePortSet(named: "many")
        let ports = (0..<200).map {
            LabFileDescriptor(adopting: eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)), label: "efd \($0)", runtime: runtime)
        }
        for port in ports { try set.insert(port) }
        _ = eventfd_write(ports[137].rawValue!, 1)
        #expect(set.wait(until: runtime.now() + .seconds(30)) == .ready(ports[137], .readable))
        set.remove(ports[137])
        #expect(set.wait(until: runtime.now() + .milliseconds(20)) == .timedOut)
        _ = eventfd_write(ports[199].rawValue!, 1)
        try set.insert(ports[199], interest: [.readable, .writable])
        #expect(set.wait(until: runtime.now() + .seconds(30)) == .ready(ports[199], [.readable, .writable]))
        set.close()
    }

    @Test("a semaphore loses no signal between many signallers and waiters")
    func semaphoreUnderContention() {
        let runtime = LiveRuntime(tracing: false)
        let items = runtime.makeSemaphore(named: "items", value: 0)
        let taken = Shared(0)
        let perThread = 5_000
        let consumers = (0..<3).map { index in
            runtime.spawnThread(named: "consumer-\(index)") {
                for _ in 0..<perThread { items.wait() }
                taken.update { $0 += perThread }
            }
        }
        let producers = (0..<3).map { index in
            runtime.spawnThread(named: "producer-\(index)") {
                for _ in 0..<perThread { items.signal() }
            }
        }
        for thread in producers + consumers { thread.join() }
        #expect(taken.value == 3 * perThread)
    }

    @Test("a semaphore hands a signal across threads")
    func semaphore() {
        let runtime = LiveRuntime()
        let ready = runtime.makeSemaphore(named: "ready", value: 0)
        let thread = runtime.spawnThread(named: "signaller") { ready.signal() }
        ready.wait()
        thread.join()
        #expect(runtime.trace.snapshot.contains { $0.name == "semaphore.wait" })
    }

    @Test("a thread is current only on itself, and currentID names it")
    func currentThread() {
        let runtime = LiveRuntime()
        let seen = Mutex<(isCurrent: Bool, id: LabThreadID, callerIsCurrent: Bool)?>(nil)
        let caller = LabThread.current
        let thread = runtime.spawnThread(named: "looker") {
            let me = LabThread.current
            seen.withLock { $0 = (me.isCurrent, LabThread.currentID, caller.isCurrent) }
        }
        thread.join()
        let found = seen.withLock { $0 }
        #expect(found?.isCurrent == true && found?.id == thread.id && found?.callerIsCurrent == false)
        #expect(caller.isCurrent && !thread.isCurrent && LabThread.currentID == caller.id)
    }
}

@Suite("Exit handlers")
struct ExitHandlerTests {
    @Test("a handler registered after the thread exited runs at once")
    func lateHandlerRuns() {
        let runtime = LiveRuntime()
        let thread = runtime.spawnThread(named: "gone") {}
        thread.join()
        let ran = Shared(false)
        thread.onExit { ran.update { $0 = true } }
        #expect(ran.value)
    }

    @Test("handlers run on the exiting thread, in registration order, before it counts as exited")
    func handlersRunInOrder() {
        let order = Shared<[String]>([])
        let result = Simulation.run(seed: 2) {
            let worker = currentRuntime().spawnThread(named: "worker") {
                let me = LabThread.current
                me.onExit { order.update { $0.append("first on \(LabThread.current.name), exited=\(me.hasExited)") } }
                me.onExit { order.update { $0.append("second") } }
            }
            worker.join()
            order.update { $0.append("joined, exited=\(worker.hasExited)") }
        }
        #expect(result.outcome == .quiescent)
        #expect(order.value == ["first on worker, exited=false", "second", "joined, exited=true"])
    }
}

@Suite("The live runtime's lifetime")
struct LiveRuntimeLifetimeTests {
    @Test("a live runtime is freed once its first thread has exited and nobody holds either")
    func runtimeAndFirstThreadAreFreed() {
        weak var released: LiveRuntime?
        weak var firstThread: LabThread?
        do {
            let runtime = LiveRuntime()
            let thread = runtime.spawnThread(named: "first") {}
            #expect(runtime.mainThread === thread)
            thread.join()
            released = runtime
            firstThread = thread
        }
        #expect(firstThread == nil)
        #expect(released == nil)
    }

    @Test("a thread's cached reply semaphore keeps neither its runtime nor the thread alive")
    func replySemaphoreKeepsNothingAlive() {
        weak var released: LiveRuntime?
        weak var firstThread: LabThread?
        let sameSemaphore = Shared(false)
        do {
            let runtime = LiveRuntime()
            let thread = runtime.spawnThread(named: "first") {
                let reply = runtime.replySemaphore(named: "reply")
                reply.signal()
                reply.wait()
                sameSemaphore.update { $0 = runtime.replySemaphore(named: "again") === reply }
            }
            thread.join()
            released = runtime
            firstThread = thread
        }
        #expect(sameSemaphore.value)
        #expect(firstThread == nil)
        #expect(released == nil)
    }

    @Test("the shared runtime's main thread is the process's: never a thread it starts, nor another it adopts")
    func sharedMainThreadIsTheProcesss() {
        let shared = LiveRuntime.shared
        let adopted = LabThread.current
        let started = shared.spawnThread(named: "started") {}
        started.join()
        #expect(shared.mainThread !== started)
        if getpid() != csystem_gettid() { #expect(shared.mainThread !== adopted) }
        #expect(shared.mainThread.map { $0.name == "main" } ?? true)
    }

    @Test("the main thread stays the first one while it lives")
    func mainThreadIsTheFirst() {
        let runtime = LiveRuntime()
        let first = runtime.spawnThread(named: "first") {}
        let second = runtime.spawnThread(named: "second") {}
        first.join()
        second.join()
        #expect(runtime.mainThread === first)
    }
}

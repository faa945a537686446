import AFReplay
import Glibc
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

/// A live dispatch queue whose workers get no descriptor (`EMFILE`) is an error for its
/// creator, with nothing of the queue left behind, and a run whose descriptors run out
/// between operations goes on once they are back. The descriptors run out in a child
/// process (this test bundle again, running one child side), which lowers its own
/// `RLIMIT_NOFILE` and fills the table, so the tests sharing this process keep theirs.
@Suite("Live: a dispatch queue out of descriptors is an error for its creator", .timeLimit(.minutes(2)))
struct DispatchQueueExhaustionTests {
    /// Set in the child's environment: only the child runs a child side.
    static let childVariable = "RUNLOOP_LAB_QUEUE_DESCRIPTORS_EXHAUSTED"
    static var isChild: Bool { getenv(childVariable) != nil }

    @Test(
        "making a queue with too few descriptors for its workers throws EMFILE, closes what it took and leaves no thread",
        .enabled(if: !isChild))
    func exhaustedAtCreation() throws {
        let child = try DescriptorTable.runChild(setting: Self.childVariable, filter: "creationChildSide")
        #expect(child.ending == .exit(0), "\(child.standardOutput)")
        let lines = child.outputLines
        let attempts = lines.filter { $0.hasPrefix("free ") }
        let failures = attempts.filter { !$0.hasSuffix(": made") }
        let made = try #require(attempts.last, "\(child.standardOutput)")
        let madeWith = Int(made.dropFirst("free ".count).prefix { $0 != ":" })
        // Every count below the one that sufficed failed, including those where some of the
        // three workers had started: at least one per worker.
        #expect(made.hasSuffix(": made"), "\(child.standardOutput)")
        #expect(madeWith == failures.count && failures.count >= 3, "\(child.standardOutput)")
        for failure in failures {
            #expect(failure.contains("Too many open files (EMFILE)"), "\(failure)")
            let free = failure.dropFirst("free ".count).prefix { $0 != ":" }
            #expect(failure.hasSuffix("; free after \(free)"), "\(failure)")
        }
        #expect(lines.contains("threads: 3 more"), "\(child.standardOutput)")
        #expect(lines.contains("block ran on q #1"), "\(child.standardOutput)")
    }

    @Test(
        "out of descriptors between operations: the operation, a new queue and a new manager fail with EMFILE; the run goes on",
        .enabled(if: !isChild))
    func exhaustedBetweenOperations() throws {
        let child = try DescriptorTable.runChild(setting: Self.childVariable, filter: "midRunChildSide")
        #expect(child.ending == .exit(0), "\(child.standardOutput)")
        let lines = child.outputLines
        func line(_ prefix: String) -> String? { lines.first { $0.hasPrefix(prefix) } }
        #expect(line("first: ") == "first: success", "\(child.standardOutput)")
        #expect(line("second: ")?.hasPrefix("second: failure") == true, "\(child.standardOutput)")
        #expect(line("second: ")?.contains("EMFILE") == true, "\(child.standardOutput)")
        #expect(line("late queue: ")?.contains("Too many open files (EMFILE)") == true, "\(child.standardOutput)")
        #expect(line("session manager: ")?.contains("Too many open files (EMFILE)") == true, "\(child.standardOutput)")
        #expect(line("third: ") == "third: success", "\(child.standardOutput)")
    }

    /// Runs in the child only: fills the descriptor table, then gives back one descriptor at
    /// a time and tries to make a queue of three workers until it is made, printing each
    /// attempt and how many descriptors were free before and after it, then how many
    /// threads the attempts left and where a block on the queue ran.
    @Test("child side: make a queue with fewer descriptors than its workers need", .enabled(if: isChild))
    func creationChildSide() {
        let runtime = LiveRuntime(tracing: false)
        let creator = runtime.spawnThread(named: "creator") {
            let threadsBefore = Self.threadCount()
            var held = DescriptorTable.fill()
            var made: DispatchQueueModel?
            while made == nil, !held.isEmpty {
                let free = DescriptorTable.freeCount()
                do throws(RunLoopError) {
                    made = try DispatchQueueModel(label: "q", width: 3, runtime: runtime)
                    print("free \(free): made")
                } catch {
                    print("free \(free): \(error); free after \(DescriptorTable.freeCount())")
                    _ = close(held.removeLast())
                }
            }
            held.forEach { _ = close($0) }
            print("threads: \(Self.threadCount() - threadsBefore) more")
            guard let made else { return }
            let ran = runtime.makeSemaphore(named: "block ran", value: 0)
            made.async(label: "probe") {
                print("block ran on \(LabThread.current.name)")
                ran.signal()
            }
            ran.wait()
        }
        creator.join()
    }

    /// Runs in the child only: a manager's GET succeeds; then, with the descriptor table
    /// full, a second GET, a new queue and a new session manager fail; with the descriptors
    /// back, a third GET succeeds. Prints each outcome.
    @Test("child side: run out of descriptors between operations", .enabled(if: isChild))
    func midRunChildSide() {
        let runtime = LiveRuntime(tracing: false)
        let main = runtime.spawnThread(named: "main") {
            let server = makeServer()
            defer { server.stop() }
            let manager: HTTPRequestOperationManager
            do {
                manager = try HTTPRequestOperationManager(baseURL: server.baseURL, server: server)
            } catch {
                return print("manager: \(error)")
            }
            manager.responseSerializer = HTTPResponseSerializer()
            let stop: HTTPRequestOperationManager.Failure = { _, error in
                print("failure \(error)")
                MainQueue.main.stop()
            }
            _ = manager.GET(
                "small",
                success: { _, _ in
                    print("first: success")
                    // The queue that nils the completion block is made by NSOperation's
                    // completion thread while this block may already run; made with no
                    // descriptor left it would end the process, as it has nobody to tell.
                    _ = try? SharedDispatchObjects.urlRequestOperationCompletionQueue()
                    let held = DescriptorTable.fill()
                    _ = manager.GET(
                        "small",
                        success: { _, _ in
                            print("second: success")
                            held.forEach { _ = close($0) }
                            MainQueue.main.stop()
                        },
                        failure: { _, error in
                            print("second: failure \(error)")
                            Self.tryToMakeQueueAndManager(server: server)
                            held.forEach { _ = close($0) }
                            _ = manager.GET(
                                "small",
                                success: { _, _ in
                                    print("third: success")
                                    MainQueue.main.stop()
                                }, failure: stop)
                        })
                }, failure: stop)
            do throws(RunLoopError) { try MainQueue.main.run() } catch { print("main queue: \(error)") }
        }
        main.join()
    }

    /// Tries to make a dispatch queue and a session manager, printing what each gave.
    private static func tryToMakeQueueAndManager(server: LoopbackServer) {
        do {
            _ = try DispatchQueueModel(label: "late", width: 2)
            print("late queue: made")
        } catch {
            print("late queue: \(error)")
        }
        do {
            _ = try SessionManager(server: server)
            print("session manager: made")
        } catch {
            print("session manager: \(error)")
        }
    }

    /// The process's thread count, from `/proc/self/status`.
    private static func threadCount() -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return -1 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("Threads:") {
                return Int(text.dropFirst("Threads:".count).trimmingPrefix { $0 == "\t" || $0 == " " }.prefix { $0.isNumber }) ?? -1
            }
        }
        return -1
    }
}

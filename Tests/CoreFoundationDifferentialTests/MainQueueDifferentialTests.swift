import Foundation
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

/// A program on the main thread's loop and its main queue, written once for RunLoopKit; the
/// same program for CoreFoundation is in `Sources/cf-main-queue-probe`, under the same name.
/// CF attaches the main queue's port only to the process's main thread, which the test
/// runner owns, so CF's side runs in that helper executable, on its own main thread.
struct MainQueueProgram: Sendable, CustomStringConvertible {
    let name: String
    /// Runs on the lab runtime's main thread, logging what it sees.
    let body: @Sendable (Shared<[String]>) -> Void

    var description: String { name }

    /// Runs `mode` on the current loop for `seconds` and logs `label: result`.
    static func run(
        _ mode: RunLoopMode, _ seconds: Double, returnAfterSourceHandled: Bool, label: String, into log: Shared<[String]>
    ) {
        let result = try? RunLoopKit.RunLoop.current.run(
            mode: mode, for: .milliseconds(Int(seconds * 1_000)), returnAfterSourceHandled: returnAfterSourceHandled)
        log.append("\(label): \(result?.description ?? "error")")
    }

    static let all: [MainQueueProgram] = [
        // The main queue is never asked for: CF's exists from launch, and keeps the default
        // mode from being empty all the same.
        MainQueueProgram(name: "nothing added") { log in
            run(.default, 0.2, returnAfterSourceHandled: false, label: "default", into: log)
            run("X", 0.2, returnAfterSourceHandled: false, label: "X", into: log)
        },
        MainQueueProgram(name: "block from another thread") { log in
            let queue = RunLoopKit.RunLoop.current.mainQueue
            let runtime = currentRuntime()
            _ = runtime.spawnThread(named: "producer") {
                queue.async { log.append("block on main: \(LabThread.current === runtime.mainThread)") }
            }
            run(.default, 5, returnAfterSourceHandled: true, label: "run", into: log)
        },
        MainQueueProgram(name: "snapshot") { log in
            let queue = RunLoopKit.RunLoop.current.mainQueue
            queue.async {
                log.append("first")
                queue.async { log.append("third") }
            }
            queue.async { log.append("second") }
            run(.default, 1, returnAfterSourceHandled: true, label: "run 1", into: log)
            run(.default, 1, returnAfterSourceHandled: true, label: "run 2", into: log)
        },
        MainQueueProgram(name: "empty modes") { log in
            let loop = RunLoopKit.RunLoop.current
            _ = loop.mainQueue
            run(.default, 0.2, returnAfterSourceHandled: false, label: "default", into: log)
            run("X", 0.2, returnAfterSourceHandled: false, label: "X", into: log)
            loop.addCommonMode("Y")
            loop.add(RunLoopObserver(activities: .all) { _, _ in }, forMode: "Y")
            run("Y", 0.2, returnAfterSourceHandled: false, label: "common Y", into: log)
        },
        MainQueueProgram(name: "non-common mode") { log in
            let loop = RunLoopKit.RunLoop.current
            loop.add(RunLoopTimer(after: .milliseconds(100)) { _ in log.append("timer in X") }, forMode: "X")
            loop.mainQueue.async { log.append("block") }
            run("X", 5, returnAfterSourceHandled: true, label: "X", into: log)
            run(.default, 5, returnAfterSourceHandled: true, label: "default", into: log)
        },
        MainQueueProgram(name: "nested run in a block") { log in
            let queue = RunLoopKit.RunLoop.current.mainQueue
            queue.async {
                queue.async { log.append("inner") }
                run(.default, 0.1, returnAfterSourceHandled: false, label: "nested", into: log)
            }
            run(.default, 1, returnAfterSourceHandled: true, label: "outer run", into: log)
            run(.default, 1, returnAfterSourceHandled: true, label: "next run", into: log)
        },
        MainQueueProgram(name: "peek") { log in
            let loop = RunLoopKit.RunLoop.current
            let queue = loop.mainQueue
            loop.addCommonMode("P")
            loop.add(
                RunLoopObserver(activities: [.beforeWaiting, .afterWaiting]) { _, activity in log.append("\(activity)") },
                forMode: "P")
            loop.add(
                RunLoopTimer(after: .milliseconds(10)) { _ in
                    log.append("timer")
                    queue.async {
                        log.append("b1")
                        queue.async { log.append("b2") }
                    }
                }, forMode: "P")
            run("P", 0.5, returnAfterSourceHandled: false, label: "run", into: log)
        },
    ]

    /// The program's line, `name: entry, …`, as the probe prints it, from `log`.
    func line(_ log: [String]) -> String { "\(name): \(log.joined(separator: ", "))" }

    /// The line RunLoopKit gives under a simulation.
    func simulated() -> String {
        let log = Shared<[String]>([])
        _ = Simulation.run(seed: 0) { body(log) }
        return line(log.value)
    }

    /// The line RunLoopKit gives on the live runtime, on its first (main) thread.
    func live() -> String {
        let runtime = LiveRuntime(tracing: false)
        let log = Shared<[String]>([])
        let main = runtime.spawnThread(named: "main") { body(log) }
        runtime.join(main)
        return line(log.value)
    }
}

/// The lines `cf-main-queue-probe` prints, built next to the test bundle, by program name;
/// a failure to launch it is an error naming the path.
enum CoreFoundationMainQueueProbe {
    static let lines: Result<[String: String], ProbeError> = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("cf-main-queue-probe")
        let child: ChildProcess
        do {
            child = try ChildProcess.run(executable.path)
        } catch {
            return .failure(ProbeError(description: "\(error)"))
        }
        guard child.ending == .exit(0) else {
            return .failure(ProbeError(description: "\(executable.path) ended with \(child.ending)"))
        }
        let lines = child.outputLines
        return .success(
            Dictionary(lines.compactMap { line in line.firstRange(of: ": ").map { (String(line[..<$0.lowerBound]), line) } }) { first, _ in
                first
            })
    }()

    struct ProbeError: Error, CustomStringConvertible {
        let description: String
    }

    /// CF's line for `program`.
    static func line(for program: MainQueueProgram) throws -> String {
        let lines = try lines.get()
        return try #require(lines[program.name], "the probe printed no line for \(program.name)")
    }
}

@Suite("Differential: the main queue on the main thread, on CoreFoundation and RunLoopKit")
struct MainQueueDifferentialTests {
    @Test("simulated RunLoopKit does what CoreFoundation's main loop does", arguments: MainQueueProgram.all)
    func simulatedMatchesCoreFoundation(_ program: MainQueueProgram) throws {
        #expect(program.simulated() == (try CoreFoundationMainQueueProbe.line(for: program)))
    }

    @Test("live RunLoopKit does what CoreFoundation's main loop does", arguments: MainQueueProgram.all)
    func liveMatchesCoreFoundation(_ program: MainQueueProgram) throws {
        #expect(program.live() == (try CoreFoundationMainQueueProbe.line(for: program)))
    }
}

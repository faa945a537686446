import LabRuntime
import LabTestSupport

/// Runs a ``LoopProgram`` on each loop and returns its log.
enum ProgramRunner {
    /// On CoreFoundation, on a fresh thread (so a fresh CF run loop).
    static func coreFoundation(_ program: LoopProgram) -> [String] {
        let log = Shared<[String]>([])
        let thread = LiveRuntime.shared.spawnThread(named: "CoreFoundation program") {
            let driver = CoreFoundationDriver()
            log.update { $0 = ProgramInterpreter(program: program, driver: driver).interpret() }
            driver.tearDown()
        }
        thread.join()
        return log.value
    }

    /// On RunLoopKit under a simulation (virtual time, so its timeouts cost nothing), on a
    /// thread T0 starts: like CF's fresh thread, not the main one, whose common modes the
    /// main queue keeps from being empty.
    static func simulated(_ program: LoopProgram, seed: UInt64 = 0) -> [String] {
        let log = Shared<[String]>([])
        _ = Simulation.run(seed: seed) {
            currentRuntime().spawnThread(named: "RunLoopKit program") {
                log.update { $0 = ProgramInterpreter(program: program, driver: RunLoopKitDriver()).interpret() }
            }.join()
        }
        return log.value
    }

    /// On RunLoopKit on a real thread (epoll, the monotonic clock).
    static func live(_ program: LoopProgram) -> [String] {
        let log = Shared<[String]>([])
        let thread = LiveRuntime.shared.spawnThread(named: "RunLoopKit program") {
            log.update { $0 = ProgramInterpreter(program: program, driver: RunLoopKitDriver()).interpret() }
        }
        thread.join()
        return log.value
    }
}

/// Where two logs first part, for a failure message.
struct LogDifference: CustomStringConvertible {
    let expected: [String]
    let actual: [String]

    var description: String {
        let common = zip(expected, actual).prefix { $0 == $1 }.count
        let shared = expected.prefix(common).map { "  \($0)" }
        return
            (["same:"] + shared + ["CoreFoundation then:"] + expected.dropFirst(common).map { "  \($0)" }
            + ["RunLoopKit then:"] + actual.dropFirst(common).map { "  \($0)" }).joined(separator: "\n")
    }
}

import AFReplay
import Glibc
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

/// A live service thread whose loop gets no descriptor (`EMFILE`) fails whoever started it,
/// with the error named, instead of ending the process. The descriptors run out in a child
/// process (this test bundle again, running only ``childSide()``), which lowers its own
/// `RLIMIT_NOFILE` and fills the table, so the tests sharing this process keep theirs.
@Suite("Live: a service thread out of descriptors is an error for its creator", .timeLimit(.minutes(2)))
struct ServiceThreadExhaustionTests {
    /// Set in the child's environment: only the child runs ``childSide()``.
    static let childVariable = "RUNLOOP_LAB_DESCRIPTORS_EXHAUSTED"
    static var isChild: Bool { getenv(childVariable) != nil }

    @Test(
        "out of descriptors, starting a kept-alive thread throws EMFILE, a server that cannot listen refuses dials naming it, and an operation fails with it; the child neither crashes nor hangs",
        .enabled(if: !isChild))
    func exhaustedChildReportsEMFILE() throws {
        let child = try DescriptorTable.runChild(setting: Self.childVariable, filter: "ServiceThreadExhaustionTests")
        #expect(child.ending == .exit(0), "\(child.standardOutput)")
        let lines = child.outputLines
        let started = lines.first { $0.hasPrefix("spawnKeptAlive: ") }
        let operation = lines.first { $0.hasPrefix("operation: ") }
        let dial = lines.first { $0.hasPrefix("dial: ") }
        #expect(started?.contains("Too many open files (EMFILE)") == true, "\(child.standardOutput)")
        #expect(dial?.hasPrefix("dial: cannotConnectToHost, ") == true, "\(child.standardOutput)")
        #expect(dial?.contains("(EMFILE)") == true, "\(child.standardOutput)")
        #expect(operation?.contains("finished, NSPOSIXErrorDomain \(EMFILE): ") == true, "\(child.standardOutput)")
        #expect(operation?.contains("(EMFILE)") == true)
    }

    /// Runs in the child only: fills the descriptor table, then starts a server, a
    /// kept-alive thread, a dial to the server and an operation that needs AFNetworking's
    /// network thread, and prints what they reported. Nothing that holds a descriptor exists before the table is full, so none
    /// can be given back while the two start.
    @Test("child side: start a service thread with no descriptor left", .enabled(if: isChild))
    func childSide() {
        let runtime = LiveRuntime(tracing: false)
        let creator = runtime.spawnThread(named: "creator") {
            // The table is filled before the server exists: a server thread that started
            // first and then found no descriptor would give up and close its listener and
            // keep-alive port, handing spawnKeptAlive the descriptors it must not get.
            let held = DescriptorTable.fill()
            defer { held.forEach { _ = close($0) } }
            let server = LoopbackServer(name: "server")
            let op = URLConnectionOperation(request: get("/nothing", on: server), server: server, name: "op A")
            do throws(RunLoopError) {
                let thread = try RunLoop.spawnKeptAlive(named: "service", portName: "keep-alive", in: runtime)
                print("spawnKeptAlive: started \(thread)")
            } catch {
                print("spawnKeptAlive: \(error)")
            }
            do throws(NetError) {
                _ = try server.dial(server.url("/nothing"))
                print("dial: connected")
            } catch {
                print("dial: \(error.code), \(error.message)")
            }
            op.start()
            print("operation: \(op.isFinished ? "finished" : "not finished"), \(op.error.map { "\($0)" } ?? "no error")")
            server.stop()
        }
        creator.join()
    }
}

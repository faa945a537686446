import Glibc
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@testable import NetSim

@Suite("Loopback server lifetime")
struct ServerLifetimeTests {
    @Test("stopping a live server closes its keep-alive port and its listener", arguments: [LoopbackAddress.ipv4, .ipv6])
    func stopClosesDescriptors(address: LoopbackAddress) {
        let closed = Shared<[Bool]>([])
        let runtime = LiveRuntime()
        let client = runtime.spawnThread(named: "client") {
            for _ in 0..<50 {
                let server = LoopbackServer(address: address)
                server.stop()
                closed.append(server.core.keepAlive.descriptor.isClosed && server.core.listener?.isClosed == true)
            }
        }
        client.join()
        #expect(closed.value == Array(repeating: true, count: 50))
    }

    /// Set in the child's environment: only the child runs ``childSide()``.
    static let childVariable = "RUNLOOP_LAB_SERVER_DESCRIPTORS_COUNTED"
    static var isChild: Bool { getenv(childVariable) != nil }

    @Test("50 live servers started and stopped leave as many descriptors free as before", .enabled(if: !isChild))
    func stoppedServersLeaveNoDescriptor() throws {
        // In a child, so that tests running alongside do not open or close descriptors
        // while it counts.
        let child = try DescriptorTable.runChild(setting: Self.childVariable, filter: "stoppedServersChildSide")
        #expect(child.ending == .exit(0), "\(child.standardOutput)")
        let counts = child.outputLines.first { $0.hasPrefix("free descriptors: ") }
        let numbers = counts?.dropFirst("free descriptors: ".count).split(separator: " ")
        #expect(numbers?.count == 2 && numbers?.first == numbers?.last, "\(child.standardOutput)")
    }

    /// Runs in the child only: prints how many descriptors are free before and after 50
    /// servers, over IPv4 and IPv6 in turn, are started and stopped.
    @Test("child side: count free descriptors around 50 servers", .enabled(if: isChild))
    func stoppedServersChildSide() {
        let runtime = LiveRuntime()
        let client = runtime.spawnThread(named: "client") {
            // A first server makes what is made once per process, such as the runtime's
            // reply semaphore for this thread.
            LoopbackServer().stop()
            DescriptorTable.lowerLimit(spare: 64)
            let before = DescriptorTable.freeCount()
            for index in 0..<50 { LoopbackServer(address: index.isMultiple(of: 2) ? .ipv4 : .ipv6).stop() }
            print("free descriptors: \(before) \(DescriptorTable.freeCount())")
        }
        client.join()
    }
}

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
}

import CBenchLimits
import Glibc
import Testing

@testable import runloop_lab

@Suite("eventfd ping-pong baseline")
struct EventFDPingPongTests {
    @Test("a short ping-pong records one positive round trip per iteration")
    func records() throws {
        var nanoseconds = [Int64](repeating: 0, count: 50)
        let status = nanoseconds.withUnsafeMutableBufferPointer {
            cbench_eventfd_pingpong(50, $0.baseAddress)
        }
        #expect(status == 0)
        #expect(nanoseconds.allSatisfy { $0 > 0 })
    }

    @Test("a non-positive count or a null array is EINVAL")
    func invalid() {
        var nanoseconds: [Int64] = [0]
        #expect(nanoseconds.withUnsafeMutableBufferPointer { cbench_eventfd_pingpong(0, $0.baseAddress) } == EINVAL)
        #expect(cbench_eventfd_pingpong(1, nil) == EINVAL)
    }
}

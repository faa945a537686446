import Glibc
import LabRuntime
import LabTestSupport
import Testing

/// A simulated run's eventfd keeps its counter in user space, and hands it to the kernel
/// when someone takes its raw descriptor.
@Suite("A simulated eventfd's counter")
struct SimulatedEventFDTests {
    @Test(
        "wakes a port-set wait, counts sends and reaches the kernel when the raw descriptor is taken",
        arguments: [0, 1, 2, 3] as [UInt64])
    func counterAndReadiness(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            guard let port = try? LabFileDescriptor.eventFD(label: "port", runtime: runtime) else { return }
            let set = runtime.makePortSet(named: "ports")
            do {
                try set.insert(port, interest: .readable)
            } catch {
                seen.update { $0.append("\(error)") }
                return
            }
            let waiter = runtime.spawnThread(named: "waiter") {
                let woken = set.wait(until: nil)
                seen.update { $0.append("woken: \(woken == .timedOut ? "timed out" : "ready")") }
                seen.update { $0.append("taken: \(port.takeEventCounter())") }
                seen.update { $0.append("again: \(port.takeEventCounter())") }
                port.addToEventCounter()
                port.addToEventCounter()
                var count: UInt64 = 0
                let read = port.rawValue.map { fd in withUnsafeMutableBytes(of: &count) { Glibc.read(fd, $0.baseAddress, 8) } } ?? -1
                seen.update { $0.append("kernel read \(read): \(count)") }
                seen.update { $0.append("after the kernel's read: \(port.takeEventCounter())") }
            }
            port.addToEventCounter()
            port.addToEventCounter()
            port.addToEventCounter()
            waiter.join()
        }
        #expect(result.outcome == .quiescent, "\(result.outcome)")
        #expect(seen.value == ["woken: ready", "taken: 3", "again: 0", "kernel read 8: 2", "after the kernel's read: 0"])
    }
}

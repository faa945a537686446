import CSystem
import Glibc
import LabRuntime

/// A ``LabPort`` on a non-blocking pipe: one byte per message. Draining reads until the
/// pipe is empty, so sixteen quick sends are sixteen messages and none is stranded.
public final class PipePort: LabPort {
    /// The read end, which run loops wait on.
    public let descriptor: LabFileDescriptor
    private let writeEnd: LabFileDescriptor
    public let name: String
    private let runtime: any Runtime

    /// A new port under `runtime` (the current one by default). When no descriptor is left
    /// (`EMFILE`), a simulation ends its run with the error; live, the port holds it
    /// (`Runtime/unavailableDescriptor(_:label:)`), and adding the port to a loop throws it.
    public init(name: String? = nil, runtime: (any Runtime)? = nil) {
        let runtime = runtime ?? currentRuntime()
        var ends: [Int32] = [-1, -1]
        let failure = pipe(&ends) != 0 ? SystemCallError("pipe") : nil
        let label = name ?? "pipe port \(runtime.nextID(.port))"
        self.name = label
        self.runtime = runtime
        if let failure {
            descriptor = runtime.unavailableDescriptor(failure, label: label + " (read end)")
            writeEnd = LabFileDescriptor(failed: failure, label: label + " (write end)")
            return
        }
        for fd in ends {
            _ = csystem_fcntl_setfl(fd, csystem_fcntl_getfl(fd) | O_NONBLOCK)
        }
        descriptor = LabFileDescriptor(adopting: ends[0], label: label + " (read end)", runtime: runtime)
        writeEnd = LabFileDescriptor(adopting: ends[1], label: label + " (write end)", runtime: runtime, channel: descriptor.channel)
    }

    public func send() {
        runtime.schedulingPoint(before: VisibleOperation(.send, on: descriptor.channel), SchedulingPointLabel("send", on: name))
        runtime.record(.portSend(name: name))
        guard let fd = writeEnd.rawValue else { return }
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    public func drain() -> Int {
        descriptor.noteAccess()
        guard let fd = descriptor.rawValue else { return 0 }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { return total }
            total += count
        }
    }
}

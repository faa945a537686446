import LabRuntime

/// A ``LabPort`` on an `eventfd`: CF's `__CFPortAllocate` on Linux. Messages coalesce into
/// the eventfd's counter, so draining reads one 8-byte count of every send since the last
/// drain.
public final class EventFDPort: LabPort {
    public let descriptor: LabFileDescriptor
    public let name: String
    private let runtime: any Runtime

    /// A new port under `runtime` (the current one by default). When no descriptor is left
    /// (`EMFILE`), a simulation ends its run with the error; live, the port holds it
    /// (`Runtime/unavailableDescriptor(_:label:)`), and adding the port to a loop throws it.
    public init(name: String? = nil, runtime: (any Runtime)? = nil) {
        let runtime = runtime ?? currentRuntime()
        let label = name ?? "eventfd port \(runtime.nextID(.port))"
        self.name = label
        self.runtime = runtime
        do {
            descriptor = try LabFileDescriptor.eventFD(label: label, runtime: runtime)
        } catch {
            descriptor = runtime.unavailableDescriptor(error, label: label)
        }
    }

    public func send() {
        runtime.schedulingPoint(before: VisibleOperation(.send, on: descriptor.channel), SchedulingPointLabel("send", on: name))
        runtime.record(.portSend(name: name))
        descriptor.addToEventCounter()
    }

    /// Adds one to the counter, without a scheduling point or a trace event, as the wake-up of
    /// `owner`'s loop, which has already passed as `loop.wakeup`: live, a thread that chose to
    /// hold its wake-ups holds it while its own loop is busy, until that loop is about to
    /// block (`LabThread.wake(_:of:)`).
    func post(waking owner: LabThread) {
        LabThread.callerWakes(descriptor, of: owner)
    }

    public func drain() -> Int {
        descriptor.takeEventCounter()
    }
}

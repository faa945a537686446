import LabRuntime

/// A port that any thread can send a message to and a run loop can wait on: the Linux
/// stand-in for a Mach port (`NSMachPort`, `CFMachPort`), which CF itself models as a
/// plain descriptor on Linux.
///
/// Sending is a scheduling point under simulation. Draining reads *everything* pending, so
/// no message is stranded (CF reads exactly 8 bytes under edge-triggered epoll, which can
/// strand bytes on a pipe: spec §3.2).
public protocol LabPort: AnyObject, Sendable {
    /// The descriptor that becomes readable when a message is pending.
    var descriptor: LabFileDescriptor { get }
    /// The port's name, for traces.
    var name: String { get }
    /// Sends one message from any thread.
    func send()
    /// Consumes every pending message and says how many there were.
    func drain() -> Int
}

import LabRuntime

/// A thread a scenario can name, with the ports the scenario added to its loop.
final class ScenarioThread: Sendable {
    /// The name scenarios use: `main`, `AFNetworking` or a declared name.
    let name: String
    /// The lab thread.
    let thread: LabThread
    /// The ports the scenario added to the thread's loop, in order.
    let ports: PortStack

    /// Whether this is the scenario's main thread (the simulation's T0, serving the main
    /// queue).
    var isMain: Bool { name == "main" }

    init(name: String, thread: LabThread, ports: PortStack = PortStack()) {
        self.name = name
        self.thread = thread
        self.ports = ports
    }
}

import LabRuntime

extension RunLoop {
    /// The body of a thread that serves its loop until stopped, such as AFNetworking's
    /// network thread (`+networkRequestThreadEntryPoint:`): adds a keep-alive port named
    /// `portName` to the calling thread's loop in the default mode, then runs it (``run()``).
    ///
    /// Such a thread has nobody to tell when a descriptor its loop cannot do without is
    /// missing (no descriptor left, `EMFILE`), and work performed on it would wait forever,
    /// so it gives up through `Runtime/fail(_:)`: a simulation ends its run with the
    /// error; live, the process ends with it named, as CF crashes. The end of a simulation
    /// returns.
    public static func runKeptAlive(portName: String) {
        let loop = RunLoop.current
        do throws(RunLoopError) {
            try loop.add(EventFDPort(name: portName, runtime: loop.runtime), forMode: .default)
            try loop.run()
        } catch {
            if case let .systemCallFailed(failure) = error { loop.runtime.fail(failure) }
        }
    }
}

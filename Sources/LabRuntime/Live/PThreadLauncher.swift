import Glibc

/// Starts a pthread that runs a Swift closure: the one place the lab calls `pthread_create`.
enum PThreadLauncher {
    private final class Start {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts a joinable pthread running `body`. If the system refuses (`EAGAIN`: no thread
    /// left), the process ends with the error named (``SystemCallError/exitProcess()``), as
    /// a live lab thread that cannot start leaves no caller to tell.
    static func launch(_ body: @escaping () -> Void) -> pthread_t {
        var handle = pthread_t()
        let start = Unmanaged.passRetained(Start(body)).toOpaque()
        let status = pthread_create(
            &handle, nil,
            { argument in
                let start = Unmanaged<Start>.fromOpaque(argument!).takeRetainedValue()
                start.body()
                return nil
            }, start)
        if status != 0 { SystemCallError("pthread_create", errno: status).exitProcess() }
        return handle
    }

    /// Starts a detached pthread running `body`: nobody joins it, and its resources go back
    /// to the system when it ends.
    static func launchDetached(_ body: @escaping () -> Void) {
        pthread_detach(launch(body))
    }
}

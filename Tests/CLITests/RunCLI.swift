@testable import runloop_lab

/// Runs `runloop-lab` with `arguments` and returns its exit status and console.
func runCLI(_ arguments: String...) -> (status: Int32, console: RecordingConsole) {
    let console = RecordingConsole()
    let status = RunLoopLabCLI.run(arguments, console: console)
    return (status, console)
}

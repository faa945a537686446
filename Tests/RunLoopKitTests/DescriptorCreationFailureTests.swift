import Glibc
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

/// A live descriptor that could not be made (no descriptor left) carries its error to whoever
/// uses it, and the process goes on. Exhausting the real limit is left to a child process
/// (`DescriptorExhaustionTests` in CLITests), since tests share this one.
@Suite("Live: a descriptor that could not be made is an error, not an exit")
struct DescriptorCreationFailureTests {
    @Test("adding a source whose descriptor failed with EMFILE throws that error, named")
    func addingThrowsTheCreationError() {
        let runtime = LiveRuntime(tracing: false)
        let failure = SystemCallError("eventfd", errno: EMFILE)
        let descriptor = runtime.unavailableDescriptor(failure, label: "exhausted")
        let thrown = Shared<RunLoopError?>(nil)
        let thread = runtime.spawnThread(named: "adder") {
            let loop = RunLoop.current
            let source = PortSource(readable: descriptor, name: "exhausted") {}
            do throws(RunLoopError) {
                try loop.add(source, forMode: .default)
            } catch {
                thrown.update { $0 = error }
            }
        }
        thread.join()
        #expect(descriptor.isClosed)
        #expect(descriptor.creationError == failure)
        #expect(thrown.value == .systemCallFailed(failure))
        #expect(thrown.value?.description.contains("eventfd failed: Too many open files (EMFILE)") == true)
    }
}

import LabRuntime
import LabTestSupport
import Testing

/// A lock, a semaphore and a cell record their events at the line of the lab code that
/// used them, under both runtimes.
@Suite("Code locations of runtime events")
struct CodeLocationTests {
    /// The lines of the calls below, filled in by the body that makes them.
    struct Lines: Sendable {
        var lock: UInt = 0
        var unlock: UInt = 0
        var signal: UInt = 0
        var wait: UInt = 0
        var store: UInt = 0
        var record: UInt = 0
    }

    /// Takes a lock, signals and waits on a semaphore, stores into a cell and records a note,
    /// one per line, and hands back those lines through `lines`.
    static func body(lines: Shared<Lines>) -> @Sendable () -> Void {
        return {
            let runtime = currentRuntime()
            let lock = runtime.makeLock(named: "L")
            let semaphore = runtime.makeSemaphore(named: "S", value: 0)
            let cell = LabCell("C", 0, runtime: runtime)
            var made = Lines()
            made.lock = #line + 1
            lock.lock()
            made.unlock = #line + 1
            lock.unlock()
            made.signal = #line + 1
            semaphore.signal()
            made.wait = #line + 1
            semaphore.wait()
            made.store = #line + 1
            cell.store(1)
            made.record = #line + 1
            runtime.record(.note("here"))
            lines.update { $0 = made }
        }
    }

    /// Checks that each kind of event in `trace` was recorded at its line in `lines`, and that
    /// the runtime's own events point into the runtime.
    static func check(_ trace: [TraceEvent], _ lines: Lines) throws {
        func location(of name: String) throws -> CodeLocation {
            try #require(trace.first { $0.name == name }, "no \(name) event").location
        }
        for (name, line) in [
            ("lock.acquire", lines.lock), ("lock.release", lines.unlock), ("semaphore.signal", lines.signal),
            ("semaphore.wait", lines.wait), ("cell.store", lines.store), ("note", lines.record),
        ] {
            let recorded = try location(of: name)
            #expect(recorded.file == "LabRuntimeTests/CodeLocationTests.swift", "\(name)")
            #expect(recorded.line == line, "\(name)")
        }
        #expect(try location(of: "thread.start").module == "LabRuntime")
    }

    @Test("under a simulation")
    func simulated() throws {
        let lines = Shared(Lines())
        let result = Simulation.run(seed: 1, main: Self.body(lines: lines))
        try Self.check(result.trace, lines.value)
    }

    @Test("under the live runtime, except the cell, which is plain memory live")
    func live() throws {
        let runtime = LiveRuntime()
        let lines = Shared(Lines())
        runtime.spawnThread(named: "main", Self.body(lines: lines)).join()
        let expected = lines.value
        let trace = runtime.trace.snapshot
        #expect(!trace.contains { $0.name == "cell.store" })
        for (name, line) in [
            ("lock.acquire", expected.lock), ("lock.release", expected.unlock), ("semaphore.signal", expected.signal),
            ("semaphore.wait", expected.wait), ("note", expected.record),
        ] {
            let event = try #require(trace.first { $0.name == name })
            #expect(event.location.file == "LabRuntimeTests/CodeLocationTests.swift" && event.location.line == line, "\(name)")
        }
    }
}

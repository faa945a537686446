import LabRuntime
import Testing

@testable import runloop_lab

/// Every trace event says where in the lab's source it was recorded: the line of the layer
/// that did the work, or of the caller a helper records for.
@Suite("Where trace events are recorded")
struct TraceLocationTests {
    /// What a line that records an event calls: the runtime's and the run loop's `record`,
    /// the simulation's own append, and the helpers that record at their caller's line
    /// (locks, semaphores, cells, key-value notifications, connection and session callbacks).
    static let recordingCalls = [
        "record(", "appendLocked(", "recordCallback(", "deliver(", "lock()", "unlock()", "withLock", "signal()", "wait()",
        ".load()", ".store(", ".exchange(", ".update", ".compareExchange(", ".add(", "willChangeValue(", "didChangeValue(",
    ]

    @Test("events of each layer point at a line of that layer that makes the recording call")
    func everyLayer() throws {
        let trace = try StepThroughTests.interview().run.trace
        let sources = SourceTree(root: "Sources")
        for module in ["LabRuntime", "RunLoopKit", "NetSim", "AFReplay"] {
            let events = trace.filter { $0.location.module == module }
            #expect(!events.isEmpty, "no event was recorded in \(module)")
            for event in events {
                let lines = try #require(sources.lines(of: event.location), "cannot read \(event.location)")
                let line = Int(event.location.line)
                try #require(line >= 1 && line <= lines.count)
                let text = lines[line - 1]
                #expect(Self.recordingCalls.contains { text.contains($0) }, "\(event) was recorded at \(event.location): \(text)")
            }
        }
    }

    @Test("a helper records at its caller's line: an operation's lock, its key-value notifications")
    func callersLine() throws {
        let trace = try StepThroughTests.interview().run.trace
        let sources = SourceTree(root: "Sources")
        func text(of event: TraceEvent) throws -> Substring {
            try #require(sources.lines(of: event.location))[Int(event.location.line) - 1]
        }
        let locks = trace.filter { if case .lockAcquire = $0.kind { $0.location.module == "AFReplay" } else { false } }
        #expect(!locks.isEmpty)
        for event in locks { #expect(try text(of: event).lowercased().contains("lock"), "\(event) at \(event.location)") }
        let kvo = trace.filter { if case .kvo = $0.kind { true } else { false } }
        #expect(!kvo.isEmpty)
        for event in kvo { #expect(try text(of: event).contains("ChangeValue(for:"), "\(event) at \(event.location)") }
    }

    @Test("the text forms leave the location out")
    func notInText() throws {
        let trace = try StepThroughTests.interview().run.trace
        let event = try #require(trace.first { $0.location.module == "AFReplay" })
        #expect(!event.description.contains(".swift"))
        #expect(event.location.description.hasPrefix("AFReplay/"))
        #expect(event.location.description.hasSuffix(":\(event.location.line)"))
    }
}

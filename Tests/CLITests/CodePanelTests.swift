import LabRuntime
import Testing

@testable import runloop_lab

/// The demo's code panel: the source that recorded the current thread's latest replay
/// event, titled with what it mirrors, on the screen and in `--auto --code`.
@Suite("The demo's code panel")
struct CodePanelTests {
    static let code = CodePanel(sources: SourceTree(root: "Sources"))

    /// The interview question stepped to the network thread's first take of an operation's
    /// lock, in `operationDidStart`.
    static func atOperationDidStart() throws -> StepThrough {
        var stepper = try StepThroughTests.interview()
        let trace = stepper.run.trace
        let index = try #require(
            trace.firstIndex {
                if case let .lockAcquire(lock, _, _) = $0.kind {
                    $0.threadName == "AFNetworking" && lock.contains("operation.lock")
                } else {
                    false
                }
            })
        while stepper.position <= index { _ = stepper.step() }
        return stepper
    }

    @Test("it is titled with the 2.6.3 method and its lines, and marks the line that took the lock")
    func operationDidStart() throws {
        let stepper = try Self.atOperationDidStart()
        let lines = Self.code.lines(in: stepper.run.trace, position: stepper.position)
        #expect(lines.first?.text == "Code · T2 AFNetworking · operationDidStart — AFURLConnectionOperation.m 459–478")
        #expect(lines.first?.isHeading == true)
        let current = try #require(lines.first { $0.isCurrent })
        #expect(current.text.hasPrefix("  ▶"))
        #expect(current.text.hasSuffix("│         lock.lock()"))
        #expect(lines.filter(\.isCurrent).count == 1)
        #expect(lines[2].text.hasSuffix("│     func operationDidStart() {"))
        #expect(lines.count == 2 + 1 + 1 + CodePanel.context)
        #expect(lines[1].text.hasPrefix("   AFReplay/URLConnectionOperation+Lifecycle.swift:"))
    }

    @Test("the screen shows it below the panels, and v's key is in the help")
    func onScreen() throws {
        let stepper = try Self.atOperationDidStart()
        let screen = StepScreen(style: DemoStyle(colors: false), width: 160, code: Self.code, height: 80)
        let lines = screen.lines(of: stepper, part: 1, of: 1, messages: [])
        let heading = try #require(lines.firstIndex { $0.hasPrefix("Code · T2 AFNetworking · operationDidStart") })
        #expect(lines.firstIndex(of: "Operations")! < heading)
        #expect(lines.contains { $0.hasPrefix("  ▶") && $0.hasSuffix("lock.lock()") })
        #expect(lines.last?.contains("v code") == true)
        let without = StepScreen(style: DemoStyle(colors: false), width: 160, height: 80)
        #expect(!without.lines(of: stepper, part: 1, of: 1, messages: []).contains { $0.hasPrefix("Code ·") })
    }

    @Test("a narrow or short screen folds it to its title line", arguments: [(60, 80), (160, 24)])
    func folds(width: Int, height: Int) throws {
        let stepper = try Self.atOperationDidStart()
        let screen = StepScreen(style: DemoStyle(colors: false), width: width, code: Self.code, height: height)
        let lines = screen.lines(of: stepper, part: 1, of: 1, messages: [])
        #expect(lines.filter { $0.hasPrefix("Code · T2 AFNetworking") }.count == 1)
        #expect(!lines.contains { $0.contains("│") })
        #expect(lines.allSatisfy { $0.count <= width })
        let folded = try #require(Self.code.foldedLine(in: stepper.run.trace, position: stepper.position))
        #expect(folded.text.hasPrefix("Code · T2 AFNetworking · operationDidStart — AFURLConnectionOperation.m 459–478 · "))
        #expect(folded.text.contains("URLConnectionOperation+Lifecycle.swift:"))
    }

    @Test("a lock or scheduling event keeps the thread's latest replay line; no checkout says so")
    func focusAndFallback() throws {
        var stepper = try Self.atOperationDidStart()
        let shown = try #require(CodePanel.focus(in: stepper.run.trace, position: stepper.position))
        while stepper.current?.location.module == "AFReplay" || stepper.current?.thread != 2 { _ = stepper.step() }
        #expect(CodePanel.focus(in: stepper.run.trace, position: stepper.position).map(\.thread) == 2)
        #expect(shown.location.module == "AFReplay")
        let missing = CodePanel(sources: SourceTree(root: nil)).lines(in: stepper.run.trace, position: stepper.position)
        #expect(missing.last?.text.hasPrefix("   source not found:") == true)
    }

    @Test("the mirrored name comes from the DocC comment: its opening name, a CF name, else the Swift name")
    func mirroredNames() {
        let source: [Substring] = [
            "extension RunLoop {",
            "    /// Wakes the loop (`CFRunLoopWakeUp`). Uses `thread`.",
            "    @inlinable",
            "    public func wakeUp() {",
            "        record(.wakeUp)",
            "    }",
            "",
            "    /// Does a thing.",
            "    func helper(_ x: Int) -> Int {",
            "        if x > 0 {",
            "            record(.note)",
            "        }",
            "        return x",
            "    }",
            "}",
            "/// `runtime`'s value, made by ``Maker``.",
            "open func value(in runtime: Int) -> Int { runtime }",
            "/// The current ``OperationState``.",
            "public var state: Int { cell.load() }",
        ]
        let wakeUp = MirroredMethod(enclosing: 5, in: source)
        #expect(wakeUp?.title == "CFRunLoopWakeUp — CFRunLoop.c" && wakeUp?.lines == 4...6)
        let helper = MirroredMethod(enclosing: 11, in: source)
        #expect(helper?.title == "helper" && helper?.lines == 9...14)
        #expect(MirroredMethod(enclosing: 1, in: source) == nil)
        #expect(MirroredMethod(enclosing: 17, in: source)?.title == "value")
        #expect(MirroredMethod(enclosing: 19, in: source)?.title == "state")
    }

    @Test("--code prints the panel under every step of --auto; without it the transcript has none")
    func autoFlag() throws {
        #expect(try DemoOptions.parse(["--auto", "--code"], colorAllowed: false, terminal: false)?.showsCode == true)
        #expect(try DemoOptions.parse(["--auto"], colorAllowed: false, terminal: false)?.showsCode == false)
        let stepper = try StepThroughTests.interview()
        var plain: [String] = []
        StepTranscript(style: DemoStyle(colors: false)).write(stepper, part: 1, of: 1) { plain.append($0) }
        var withCode: [String] = []
        StepTranscript(style: DemoStyle(colors: false), code: Self.code).write(stepper, part: 1, of: 1) { withCode.append($0) }
        #expect(!plain.contains { $0.contains("Code · ") })
        #expect(withCode.contains("    Code · T2 AFNetworking · operationDidStart — AFURLConnectionOperation.m 459–478"))
        #expect(withCode.filter { !$0.hasPrefix("    Code · ") && !$0.hasPrefix("       ") && !$0.hasPrefix("      ▶") } == plain)
    }
}

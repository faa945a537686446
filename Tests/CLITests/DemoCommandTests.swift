import Testing

@testable import runloop_lab

@Suite("runloop-lab demo")
struct DemoCommandTests {
    @Test("colour is on by default where the environment allows it")
    func colorByDefault() throws {
        #expect(try DemoOptions.parse([], colorAllowed: true, terminal: false) == DemoOptions(useColor: true))
        #expect(try DemoOptions.parse([], colorAllowed: false, terminal: false) == DemoOptions(useColor: false))
    }

    @Test("--no-color turns colour off")
    func noColor() throws {
        #expect(try DemoOptions.parse(["--no-color"], colorAllowed: true, terminal: false) == DemoOptions(useColor: false))
    }

    @Test("--help asks for the usage instead of options")
    func help() throws {
        #expect(try DemoOptions.parse(["--help"], colorAllowed: true) == nil)
        let (status, console) = runCLI("demo", "--help")
        #expect(status == ExitCode.success)
        #expect(console.outputText == DemoCommand.usage)
    }

    @Test("a value given to --no-color is a usage error")
    func flagWithValue() {
        let (status, console) = runCLI("demo", "--no-color=yes")
        #expect(status == ExitCode.usage)
        #expect(console.errors.first == "runloop-lab: --no-color takes no value")
    }

    @Test("an unknown option is a usage error")
    func unknownArguments() {
        let unknown = runCLI("demo", "--fast")
        #expect(unknown.status == ExitCode.usage)
        #expect(unknown.console.errors.first == "runloop-lab: unknown option '--fast'")
    }
}

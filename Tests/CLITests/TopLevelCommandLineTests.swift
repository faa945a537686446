import Testing

@testable import runloop_lab

@Suite("runloop-lab top level")
struct TopLevelCommandLineTests {
    @Test("--help and -h print the usage with every command on standard output", arguments: ["--help", "-h", "help"])
    func help(flag: String) {
        let (status, console) = runCLI(flag)
        #expect(status == ExitCode.success)
        #expect(console.outputText.hasPrefix("Usage: runloop-lab <command>"))
        for command in CommandTable.all {
            #expect(console.outputText.contains("  \(command.name)"))
        }
        #expect(console.errors.isEmpty)
    }

    @Test("--version prints the name and version")
    func version() {
        let (status, console) = runCLI("--version")
        #expect(status == ExitCode.success)
        #expect(console.output == ["runloop-lab 0.1.0"])
    }

    @Test("no arguments is a usage error")
    func noArguments() {
        let (status, console) = runCLI()
        #expect(status == ExitCode.usage)
        #expect(console.errors.first == "runloop-lab: missing command")
        #expect(console.output.isEmpty)
    }

    @Test("an unknown command prints its name and the usage on standard error, exit 64")
    func unknownCommand() {
        let (status, console) = runCLI("frobnicate")
        #expect(status == 64)
        #expect(console.errors.first == "runloop-lab: unknown command 'frobnicate'")
        #expect(console.errorText.contains(RunLoopLabCLI.usage))
        #expect(console.output.isEmpty)
    }

    @Test("a misspelt command, and help for one, suggests the command it is nearest to")
    func misspeltCommand() {
        let (status, console) = runCLI("expolre", "--scenario", "abba")
        #expect(status == ExitCode.usage)
        #expect(console.errors.first == "runloop-lab: unknown command 'expolre' (did you mean 'explore'?)")
        let help = runCLI("help", "tutorail")
        #expect(help.status == ExitCode.usage)
        #expect(help.console.errors.first == "runloop-lab: no help for unknown command 'tutorail' (did you mean 'tutorial'?)")
    }

    @Test("an unknown global flag is a usage error")
    func unknownFlag() {
        let (status, console) = runCLI("--verbose")
        #expect(status == ExitCode.usage)
        #expect(console.errors.first == "runloop-lab: unknown command '--verbose'")
    }

    @Test("help <command> prints that command's usage")
    func helpForCommand() {
        let (status, console) = runCLI("help", "demo")
        #expect(status == ExitCode.success)
        #expect(console.outputText == DemoCommand.usage)
    }

    @Test("help <command> <subcommand> prints the subcommand's usage")
    func helpForSubcommand() {
        let (status, console) = runCLI("help", "bench", "runloop")
        #expect(status == ExitCode.success)
        #expect(console.outputText == RunLoopBenchmark.usage)
    }

    @Test("help tutorial <subcommand> prints the tutorial's usage", arguments: ["list", "run", "check"])
    func helpForTutorialSubcommand(name: String) throws {
        let (status, console) = runCLI("help", "tutorial", name)
        #expect(status == ExitCode.success)
        #expect(console.outputText == TutorialCommand.usage)
        let subcommand = try #require(TutorialCommand.command.subcommand(named: name))
        let help = RecordingConsole()
        #expect(try subcommand.run(["--help"], help) == ExitCode.success)
        #expect(help.outputText == TutorialCommand.usage)
    }

    @Test("help for an unknown command or subcommand is a usage error")
    func helpForUnknown() {
        let unknownCommand = runCLI("help", "nope")
        #expect(unknownCommand.status == ExitCode.usage)
        #expect(unknownCommand.console.errors.first == "runloop-lab: no help for unknown command 'nope'")
        let unknownSubcommand = runCLI("help", "bench", "nope")
        #expect(unknownSubcommand.status == ExitCode.usage)
        #expect(unknownSubcommand.console.errors.first == "runloop-lab: 'bench' has no subcommand 'nope'")
    }

    @Test("every option a command's help lists appears in its synopsis", arguments: CommandTable.all.flatMap { [$0] + $0.subcommands })
    func synopsisNamesEveryOption(command: Command) {
        let lines = command.usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let synopsis = lines.prefix { !$0.isEmpty }.joined(separator: " ")
        let options = lines.drop { $0 != "Options:" }.compactMap { line -> String? in
            guard line.hasPrefix("  --") else { return nil }
            return String(line.dropFirst(2).prefix { $0 != " " && $0 != "," && $0 != "=" })
        }
        for option in options {
            #expect(
                synopsis.contains("[\(option)") || synopsis.contains(" \(option)") || synopsis.contains("|\(option)"),
                "\(command.name): \(option)")
        }
    }

    @Test("every registered command has a unique name and its own usage")
    func commandTable() {
        let names = CommandTable.all.map(\.name)
        #expect(Set(names).count == names.count)
        for command in CommandTable.all {
            #expect(command.usage.hasPrefix("Usage: runloop-lab \(command.name)"))
        }
    }
}

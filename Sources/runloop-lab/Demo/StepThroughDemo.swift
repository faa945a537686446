import Inspector
import Walkthrough

/// `runloop-lab demo [FILE]`: loads the scenario, builds the parts (the scenario, and after
/// the default one the session-manager contrast), and steps through them interactively or
/// prints them as plain text.
enum StepThroughDemo {
    /// The seed of the session-manager part when `--seed` is not given.
    static let defaultSessionSeed: UInt64 = 7

    /// Runs the demo and returns the exit status: ``ExitCode/failure`` for a file that cannot
    /// be read or does not parse (its diagnostics go to standard error), and, after showing
    /// the run, for a run in which an `expect` line failed; ``ExitCode/systemError``, with
    /// the error named and nothing shown, for a run a failed system call ended (no
    /// descriptor left, `EMFILE`).
    static func run(options: DemoOptions, console: any Console) -> Int32 {
        let parts: [StepThrough]
        switch self.parts(options: options) {
        case let .success(made): parts = made
        case let .failure(problem):
            console.printError(problem.message)
            return ExitCode.failure
        }
        if let failure = parts.lazy.compactMap(\.run.systemCallFailure).first {
            console.printError("runloop-lab demo: \(failure.explanation)")
            return ExitCode.systemError
        }
        let style = DemoStyle(colors: options.useColor)
        if options.interactive {
            switch InteractiveDemo(parts: parts, style: style, code: CodePanel(sources: .located())).run() {
            case .quit: break
            case .interrupted: return ExitCode.interrupted
            case .noTerminal:
                console.printError("runloop-lab demo: cannot put the terminal in raw mode; try --auto")
                return ExitCode.failure
            }
        } else {
            for (index, part) in parts.enumerated() {
                if index > 0 { console.printLine("") }
                let transcript = StepTranscript(style: style, code: options.showsCode ? CodePanel(sources: .located()) : nil)
                transcript.write(part, part: index + 1, of: parts.count) { console.printLine($0) }
            }
        }
        let failed = parts.reduce(0) { $0 + $1.run.failedExpectations }
        guard failed == 0 else {
            console.printError("runloop-lab demo: \(failed.counted("expect line")) failed (see above)")
            return ExitCode.failure
        }
        return ExitCode.success
    }

    /// Why the demo cannot start.
    struct Problem: Error {
        /// What to print on standard error.
        let message: String
    }

    /// The scenario of `options` (or the default) and, for the default, the session-manager
    /// part, each ready to step.
    static func parts(options: DemoOptions) -> Result<[StepThrough], Problem> {
        guard let path = options.file ?? DefaultScenario.path() else {
            return .failure(
                Problem(
                    message: "runloop-lab demo: cannot find \(DefaultScenario.relativePath); run from the checkout or pass a scenario file")
            )
        }
        let scenario: Walkthrough.Scenario
        switch ScenarioFile.load(path) {
        case let .success(loaded): scenario = loaded
        case let .failure(problem): return .failure(Problem(message: problem.message(command: "demo")))
        }
        let fileName = scenario.fileName
        let program = ScenarioProgram(scenario: scenario)
        guard let recipe = program.recipe(seed: options.seed) else {
            return .failure(
                Problem(
                    message:
                        "runloop-lab demo: \(fileName) declares strategy \(scenario.strategy), which only the explorer runs; pass --seed N")
            )
        }
        var parts = [StepThrough(program: program, recipe: recipe)]
        if options.file == nil {
            parts.append(StepThrough(program: SessionManagerProgram(), recipe: .random(seed: options.seed ?? defaultSessionSeed)))
        }
        return .success(parts)
    }
}

import AFReplay
import LabRuntime
import RunLoopKit

extension ScenarioWorld {
    /// Executes the scenario's statements in order on the main thread, then serves the
    /// main queue for the rest of the run, as an app's main thread does after launching.
    /// A main loop with no descriptor (`EMFILE`) ends the run with the error.
    func runScript() {
        let mainQueue = MainQueue.shared(in: runtime)
        // By index, so that each statement is read where it lies rather than copied out.
        for index in scenario.statements.indices { execute(scenario.statements[index]) }
        do throws(RunLoopError) { try mainQueue.run() } catch { error.fail(in: runtime) }
    }

    private func execute(_ statement: ScenarioStatement) {
        let line = statement.line
        switch statement.kind {
        case let .route(route): declare(route)
        case let .thread(declaration): declare(declaration)
        case let .queue(limit): declareQueue(maxConcurrent: limit)
        case let .stream(declaration): declare(declaration)
        case let .synchronization(declaration): declare(declaration)
        case let .cell(declaration): declare(declaration)
        case let .operation(declaration): declare(declaration, line: line)
        case let .blockOperation(name): declareBlockOperation(name)
        case let .operationCopy(name, source, archived): declareCopy(name, of: source, archived: archived)
        case let .batch(name, members): declareBatch(name, members: members)
        case let .dependency(name, dependency): anyOperation(name).addDependency(anyOperation(dependency))
        case let .timer(declaration): declare(declaration)
        case let .observer(declaration): declare(declaration)
        case let .loopSource(declaration): declare(declaration, line: line)
        case let .actions(name, actions):
            let target = thread(name)
            if target.isMain {
                perform(actions, on: target, line: line)
            } else {
                dispatch(actions, to: target, line: line, label: "on \(name) (line \(line))")
            }
        case let .trigger(trigger): install(trigger, line: line)
        case let .interleave(names):
            runtime.record(.note("interleave \(names.joined(separator: ", ")) (line \(line))"))
            plan.arm(names, line: line)
        case let .run(run): self.run(run)
        }
    }

    /// Serves the main thread's loop as `run` says: in the default mode until virtual time
    /// reaches the end of this `run for`. `run until idle` and `run N steps` are always the
    /// script's last statement (the parser allows only `expect` lines after them), so
    /// ``runScript()`` serves the main queue for them once the statements are done.
    private func run(_ run: RunStatement) {
        switch run {
        case .untilIdle, .steps:
            break
        case let .duration(_, until):
            let deadline = LabInstant.zero + until
            let loop = RunLoop.current
            while runtime.now() < deadline {
                guard let result = try? loop.run(mode: .default, before: deadline), result != .finished else { return }
            }
        }
    }
}

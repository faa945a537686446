import Walkthrough

/// A scenario file named on the command line: how `check`, `demo`, `explore`, `replay`,
/// `trace` and `bench explore` tell a path from a built-in scenario's name, and read one.
enum ScenarioFile {
    /// Why a scenario file cannot be used.
    enum Problem: Error {
        /// The file cannot be read; the path.
        case unreadable(String)
        /// The file is binary (NUL bytes or not UTF-8); the path.
        case notText(String)
        /// The file does not parse; the diagnostics, each at its line:column.
        case malformed(String)

        /// What `command` prints on standard error: the read error after the command's
        /// name, or the diagnostics as they are.
        func message(command: String) -> String {
            message(prefix: "runloop-lab \(command)")
        }

        /// The read error after `prefix`, or the diagnostics as they are.
        func message(prefix: String) -> String {
            switch self {
            case let .unreadable(path): "\(prefix): cannot read '\(path)': no such file or not readable"
            case let .notText(path): "\(prefix): '\(path)' is not a text file (a scenario is UTF-8 text)"
            case let .malformed(diagnostics): diagnostics
            }
        }
    }

    /// Whether `name` is a path rather than a built-in scenario's name: it contains a `/`
    /// or ends in `.lab`.
    static func isPath(_ name: String) -> Bool {
        name.contains("/") || name.hasSuffix(".lab")
    }

    /// Reads and parses the scenario at `path`.
    static func load(_ path: String) -> Result<Walkthrough.Scenario, Problem> {
        do {
            return .success(try Walkthrough.Scenario.load(path: path))
        } catch {
            switch error {
            case let .unreadable(path): return .failure(.unreadable(path))
            case let .notText(path): return .failure(.notText(path))
            case let .malformed(diagnostics): return .failure(.malformed(diagnostics.description))
            }
        }
    }
}

import Walkthrough

/// A scenario file named on the command line: how `check`, `demo`, `explore`, `replay`,
/// `trace` and `bench explore` tell a path from a built-in scenario's name, and read one.
enum ScenarioFile {
    /// Why a scenario file cannot be used.
    enum Problem: Error {
        /// The file cannot be read; the path.
        case unreadable(String)
        /// The file does not parse; the diagnostics, each at its line:column.
        case malformed(String)

        /// What `command` prints on standard error: the read error after the command's
        /// name, or the diagnostics as they are.
        func message(command: String) -> String {
            switch self {
            case let .unreadable(path): "runloop-lab \(command): cannot read '\(path)': no such file or not readable"
            case let .malformed(diagnostics): diagnostics
            }
        }
    }

    /// Whether `name` is a path rather than a built-in scenario's name: it contains a `/`
    /// or ends in `.lab`.
    static func isPath(_ name: String) -> Bool {
        name.contains("/") || name.hasSuffix(".lab")
    }

    /// The name diagnostics and reports use for the file at `path`: its last component.
    static func fileName(of path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// Reads and parses the scenario at `path`.
    static func load(_ path: String) -> Result<Walkthrough.Scenario, Problem> {
        guard let text = TextFile.read(path) else {
            return .failure(.unreadable(path))
        }
        do {
            return .success(try Walkthrough.Scenario.parse(source: text, fileName: fileName(of: path)))
        } catch {
            return .failure(.malformed(error.description))
        }
    }
}

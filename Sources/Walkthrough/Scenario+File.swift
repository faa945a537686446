extension Scenario {
    /// Why a scenario file cannot be used.
    public enum FileProblem: Error, Sendable {
        /// The file cannot be read; the path.
        case unreadable(String)
        /// The file holds NUL bytes or is not UTF-8 (a binary file); the path.
        case notText(String)
        /// The file does not parse; the diagnostics, each at its line:column.
        case malformed(ScenarioDiagnostics)
    }

    /// The name diagnostics and reports use for the file at `path`: its last component.
    public static func fileName(of path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// Reads and parses the scenario file at `path`.
    ///
    /// - Throws: ``FileProblem/unreadable(_:)`` when the file cannot be read,
    ///   ``FileProblem/notText(_:)`` when it is not UTF-8 text,
    ///   ``FileProblem/malformed(_:)`` with every diagnostic when it does not parse.
    public static func load(path: String) throws(FileProblem) -> Scenario {
        let text: String
        switch TextFileReader.text(ofFile: path) {
        case let .text(contents): text = contents
        case .notText: throw .notText(path)
        case .unreadable: throw .unreadable(path)
        }
        do {
            return try parse(source: text, fileName: fileName(of: path))
        } catch {
            throw .malformed(error)
        }
    }
}

extension Scenario {
    /// The comment lines at the top of the file, without their `#` and leading spaces: what
    /// the demo shows before the run and the first line of which `explore --list` would
    /// show as the summary.
    public var introduction: [String] {
        sourceLines
            .prefix { $0.hasPrefix("#") || $0.allSatisfy { $0 == " " || $0 == "\t" } }
            .filter { $0.hasPrefix("#") }
            .map { String($0.dropFirst().drop { $0 == " " || $0 == "\t" }) }
    }
}

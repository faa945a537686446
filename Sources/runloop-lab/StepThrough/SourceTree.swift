import LabRuntime

/// The lab's own Swift sources, `Sources/` of the checkout the executable was built in,
/// found through ``CheckoutPath``: what the code panel shows beside an event.
struct SourceTree: Sendable {
    /// The `Sources` directory, or nil when no checkout was found.
    let root: String?

    /// The checkout's `Sources/` as ``CheckoutPath`` finds it from the current directory or
    /// the executable's.
    static func located() -> SourceTree {
        SourceTree(root: CheckoutPath.locate("Sources/RunLoopKit").map { String($0.dropLast("/RunLoopKit".count)) })
    }

    /// The lines of the file `location` names (`Module/File.swift`, looked for directly
    /// under `Sources/Module` and then one folder down), or nil if it cannot be read.
    func lines(of location: CodeLocation) -> [Substring]? {
        guard let root else { return nil }
        let module = root + "/" + location.module
        var candidates = [module + "/" + location.fileName]
        for entry in TextFile.entries(of: module) ?? [] where !entry.hasSuffix(".swift") {
            candidates.append(module + "/" + entry + "/" + location.fileName)
        }
        for path in candidates {
            if let text = TextFile.read(path) { return text.split(separator: "\n", omittingEmptySubsequences: false) }
        }
        return nil
    }
}

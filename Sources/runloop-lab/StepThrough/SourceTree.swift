import LabRuntime
import Synchronization

/// The lab's own Swift sources, `Sources/` of the checkout the executable was built in,
/// found through ``CheckoutPath``: what the code panel shows beside an event.
struct SourceTree: Sendable {
    /// The `Sources` directory, or nil when no checkout was found.
    let root: String?
    /// The files read so far, by `Module/File.swift`, when this tree caches (``caching()``).
    private var cache: FileCache? = nil

    /// Files already read; a mutex guards the dictionary, so sharing it is safe.
    private final class FileCache: Sendable {
        let files = Mutex<[String: [Substring]]>([:])
    }

    /// The tree under `root` (the `Sources` directory), or none when nil.
    init(root: String?) {
        self.root = root
    }

    /// This tree, reading each file once from now on: for pages that show many events.
    func caching() -> SourceTree {
        var tree = self
        tree.cache = FileCache()
        return tree
    }

    /// The checkout's `Sources/` as ``CheckoutPath`` finds it from the current directory or
    /// the executable's.
    static func located() -> SourceTree {
        SourceTree(root: CheckoutPath.locate("Sources/RunLoopKit").map { String($0.dropLast("/RunLoopKit".count)) })
    }

    /// The lines of the file `location` names (`Module/File.swift`, looked for directly
    /// under `Sources/Module` and then one folder down), or nil if it cannot be read.
    func lines(of location: CodeLocation) -> [Substring]? {
        guard let cache else { return read(location) }
        if let lines = cache.files.withLock({ $0[location.file] }) { return lines }
        let lines = read(location)
        if let lines { cache.files.withLock { $0[location.file] = lines } }
        return lines
    }

    /// The lines of the file `location` names, read now.
    private func read(_ location: CodeLocation) -> [Substring]? {
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

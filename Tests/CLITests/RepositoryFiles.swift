import LabTestSupport
import Testing

@testable import runloop_lab

/// The repository's `Tutorials/` directory, found from this file's path.
let tutorialsDirectory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/") + "/Tutorials"
}()

extension TemporaryDirectory {
    /// Writes `text` to `name` inside the directory, creating subdirectories on the way.
    func write(_ text: String, to name: String) {
        var directory = path
        for component in name.split(separator: "/").dropLast() {
            directory += "/" + component
            _ = TextFile.makeDirectory(directory)
        }
        #expect(OutputFile.write(text, to: file(name)) == nil)
    }
}

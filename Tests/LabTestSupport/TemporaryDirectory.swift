import Glibc

/// A fresh directory under /tmp for one test, removed with everything in it when the value
/// goes away.
public final class TemporaryDirectory {
    /// The directory's absolute path.
    public let path: String

    /// Creates `/tmp/PREFIX-XXXXXX` with `mkdtemp`.
    public init(prefix: String = "lab-test") {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { buffer in
            guard let created = mkdtemp(buffer.baseAddress!) else { preconditionFailure("mkdtemp failed") }
            return String(cString: created)
        }
    }

    deinit {
        Self.removeTree(path)
    }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String {
        path + "/" + name
    }

    private static func removeTree(_ path: String) {
        if let directory = opendir(path) {
            var children: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name != "." && name != ".." { children.append(path + "/" + name) }
            }
            closedir(directory)
            for child in children where unlink(child) != 0 { removeTree(child) }
        }
        rmdir(path)
    }
}

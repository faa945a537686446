import Glibc
import Walkthrough

/// Reads whole text files and lists directories with Glibc, for the front ends that need
/// files: the tutorial runner and `bench network`'s `/proc` figures.
enum TextFile {
    /// The contents of the file at `path` as UTF-8 text, or `nil` if it cannot be read.
    static func read(_ path: String) -> String? { TextFileReader.contents(ofFile: path) }

    /// The names of the entries in the directory at `path`, sorted, or `nil` if it cannot be
    /// opened.
    static func entries(of path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." {
                names.append(name)
            }
        }
        return names.sorted()
    }

    /// Creates the directory at `path` if it does not exist yet; `true` when it exists afterwards.
    static func makeDirectory(_ path: String) -> Bool {
        mkdir(path, 0o755) == 0 || errno == EEXIST
    }
}

import Glibc

/// Finds a file or directory of the checkout (`Tutorials/…`) from wherever `runloop-lab` is
/// run: under the current directory, else under a parent of the executable's directory, so
/// the built binary finds the checkout it was built in.
enum CheckoutPath {
    /// The first readable place for `relativePath`, or nil.
    static func locate(_ relativePath: String) -> String? {
        var candidates = [relativePath]
        var directory = executablePath() ?? ""
        for _ in 0..<5 {
            guard let slash = directory.lastIndex(of: "/") else { break }
            directory = String(directory[..<slash])
            candidates.append((directory.isEmpty ? "" : directory + "/") + relativePath)
        }
        return candidates.first { access($0, R_OK) == 0 }
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

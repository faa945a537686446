import Glibc

/// Where the demo finds its default scenario, `Tutorials/scenarios/interview-question.lab`:
/// under the current directory, else under a parent of the executable's directory (so the
/// built binary finds the checkout it was built in).
enum DefaultScenario {
    /// The path inside a checkout.
    static let relativePath = "Tutorials/scenarios/interview-question.lab"

    /// The first place the file is readable, or nil.
    static func path() -> String? {
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

import Glibc

/// Writes a command's output to a file (`--output FILE`), replacing it.
enum OutputFile {
    /// Writes `text` to `path`; returns an error message, or `nil` on success.
    static func write(_ text: String, to path: String) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return "cannot open \(path): \(String(cString: strerror(errno)))" }
        defer { close(fd) }
        guard let failure = DescriptorWriter.writeAll(text, to: fd) else { return nil }
        return "cannot write \(path): \(String(cString: strerror(failure)))"
    }

    /// Why `path` cannot be opened for writing, or `nil` when it can: a command that works
    /// long before it writes checks this first, so that it never loses its result. It leaves
    /// an existing file as it is, and no file where there was none.
    static func problem(writing path: String) -> String? {
        let existed = access(path, F_OK) == 0
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return "cannot open \(path): \(String(cString: strerror(errno)))" }
        close(fd)
        if !existed { unlink(path) }
        return nil
    }
}

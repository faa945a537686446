import Glibc

/// Reads a whole text file with Glibc: how a scenario file is loaded, by the command line
/// and by `Lab.explore(file:)` alike.
public enum TextFileReader {
    /// The contents of the file at `path` as UTF-8 text, or `nil` if it cannot be read.
    public static func contents(ofFile path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

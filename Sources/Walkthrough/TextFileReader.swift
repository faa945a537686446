import Glibc

/// Reads a whole file with plain system calls (Foundation's file APIs are not needed): how
/// scenario files and the lessons are read.
public enum TextFileReader {
    /// What ``text(ofFile:)`` found in a file.
    public enum Contents: Equatable, Sendable {
        /// The file's text.
        case text(String)
        /// The file holds NUL bytes or is not valid UTF-8.
        case notText
        /// The file cannot be opened or read.
        case unreadable
    }

    /// The contents of the file at `path` as UTF-8 text, or `nil` if it cannot be read.
    public static func contents(ofFile path: String) -> String? {
        bytes(ofFile: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The file at `path` as text when it is valid UTF-8 without NUL bytes, ``Contents/notText``
    /// when it holds anything else, or ``Contents/unreadable``.
    public static func text(ofFile path: String) -> Contents {
        guard let bytes = bytes(ofFile: path) else { return .unreadable }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else { return .notText }
        return .text(text)
    }

    /// The bytes of the file at `path`, or `nil` if it cannot be read.
    public static func bytes(ofFile path: String) -> [UInt8]? {
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
        return bytes
    }
}

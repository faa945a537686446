import Glibc

/// Writes all of a text to a file descriptor, retrying partial writes and `EINTR`: what the
/// console and `--output` files both need.
enum DescriptorWriter {
    /// Writes every byte of `text` to `fd`; returns `errno` if a write fails, else `nil`.
    static func writeAll(_ text: String, to fd: Int32) -> Int32? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return errno
            }
        }
        return nil
    }
}

import Glibc
import Synchronization

/// A stream that writes to a file with POSIX `open`/`write`, like
/// `+[NSOutputStream outputStreamToFileAtPath:append:]`, the stream a download-to-file
/// `AFHTTPRequestOperation` uses. Its ``fileCurrentOffset`` (`NSStreamFileCurrentOffsetKey`)
/// is where `pause` takes its `Range: bytes=<offset>-` from (spec §3.14).
///
/// A failed open or write puts the stream in the ``StreamStatus/error`` state with a
/// ``streamError``; it then has no space and refuses writes.
public final class FileOutputStream: LabOutputStream {
    /// `FileOutputStream`, as traces name it.
    public var traceTypeName: String { "FileOutputStream" }

    private struct State {
        var status = StreamStatus.notOpen
        var descriptor: Int32 = -1
        var offset = 0
        var error: StreamError?

        /// Enters the error state for good, releasing the descriptor.
        mutating func fail(errno code: Int32, doing action: String) {
            if descriptor >= 0 { _ = Glibc.close(descriptor) }
            descriptor = -1
            status = .error
            error = StreamError(code: code, message: "\(action): \(String(cString: strerror(code)))")
        }
    }

    /// The file's path.
    public let path: String
    /// Whether writes go after the file's existing contents rather than truncating it.
    public let append: Bool

    private let state = Mutex(State())

    /// Creates a not-open stream to the file at `path` (`outputStreamToFileAtPath:append:`).
    /// Nothing touches the file system until ``open()``.
    public init(path: String, append: Bool) {
        self.path = path
        self.append = append
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { _ = Glibc.close(state.descriptor) }
        }
    }

    /// The stream's state.
    public var streamStatus: StreamStatus { state.withLock { $0.status } }

    /// True only while open.
    public var hasSpaceAvailable: Bool { streamStatus == .open }

    /// The errno of a failed open or write, or nil.
    public var streamError: StreamError? { state.withLock { $0.error } }

    /// Always nil: a file stream's data is in the file.
    public var dataWrittenToMemory: [UInt8]? { nil }

    /// The offset the next write goes to: 0 before open, the file's size right after an
    /// appending open, advanced by every write, and kept after close.
    public var fileCurrentOffset: Int? { state.withLock { $0.offset } }

    /// Opens (creating if needed, truncating unless appending) a not-open stream's file;
    /// does nothing in any other state. On failure the stream enters the error state.
    public func open() {
        state.withLock { state in
            guard state.status == .notOpen else { return }
            let mode = append ? O_APPEND : O_TRUNC
            let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_CLOEXEC | mode, 0o644)
            guard descriptor >= 0 else {
                state.fail(errno: errno, doing: "open \(path)")
                return
            }
            let end = append ? lseek(descriptor, 0, SEEK_END) : 0
            guard end >= 0 else {
                state.fail(errno: errno, doing: "seek \(path)")
                _ = Glibc.close(descriptor)
                return
            }
            state.descriptor = descriptor
            state.offset = Int(end)
            state.status = .open
        }
    }

    /// Closes the stream and its file for good.
    public func close() {
        state.withLock { state in
            if state.descriptor >= 0 { _ = Glibc.close(state.descriptor) }
            state.descriptor = -1
            state.status = .closed
        }
    }

    /// Writes a prefix of `bytes` to the file and returns how many were written; −1 unless
    /// open, or when the write fails (the stream then enters the error state).
    public func write(_ bytes: ArraySlice<UInt8>) -> Int {
        state.withLock { state in
            guard state.status == .open else { return -1 }
            while true {
                let written = bytes.withUnsafeBytes { Glibc.write(state.descriptor, $0.baseAddress, $0.count) }
                if written >= 0 {
                    state.offset += written
                    return written
                }
                let failure = errno
                if failure == EINTR { continue }
                state.fail(errno: failure, doing: "write \(path)")
                return -1
            }
        }
    }
}

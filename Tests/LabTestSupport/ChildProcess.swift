import CSystem
import Glibc

/// A program run to its end by a test, with its standard output read: a stand-in for
/// Foundation's `Process`, which lists `/proc/self/fd` before every launch and crashes
/// (a read past the directory buffer) when the test process has many descriptors open, as
/// it has while other tests run simulations. The child inherits only descriptors 0, 1 and 2.
public struct ChildProcess {
    /// How the child ended.
    public enum Ending: Equatable, Sendable {
        /// It exited with this status.
        case exit(Int32)
        /// A signal with this number ended it.
        case signal(Int32)
    }

    /// How it ended.
    public let ending: Ending
    /// Everything it wrote to its standard output.
    public let standardOutput: String

    /// ``standardOutput``'s lines, without their line feeds.
    public var outputLines: [String] { standardOutput.split(separator: "\n").map(String.init) }

    /// Runs `path` with `arguments` to its end, its standard output read through a pipe;
    /// throws a `SpawnError` naming the path when it cannot be started.
    public static func run(_ path: String, _ arguments: [String] = []) throws(SpawnError) -> ChildProcess {
        var pipeEnds: [Int32] = [-1, -1]
        guard csystem_pipe_cloexec(&pipeEnds) == 0 else { throw SpawnError(path: path, errno: errno) }
        var pid: pid_t = 0
        let status = withCStrings([path] + arguments) { argv in csystem_spawn(&pid, path, argv, pipeEnds[1]) }
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            throw SpawnError(path: path, errno: status)
        }
        let output = readToEnd(pipeEnds[0])
        close(pipeEnds[0])
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {}
        let signal = waitStatus & 0x7f
        let ending: Ending = signal == 0 ? .exit((waitStatus >> 8) & 0xff) : .signal(signal)
        return ChildProcess(ending: ending, standardOutput: output)
    }

    /// Calls `body` with `strings` as a NULL-terminated array of C strings.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return (copies + [nil]).withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// Reads `fd` until end of file.
    private static func readToEnd(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A child process that could not be started.
public struct SpawnError: Error, CustomStringConvertible {
    /// The program.
    public let path: String
    /// The errno value `posix_spawn` or `pipe2` gave.
    public let errno: Int32

    /// "cannot run PATH: ENOENT (No such file or directory)".
    public var description: String {
        let name = csystem_errno_name(errno).map { String(cString: $0) } ?? "errno \(errno)"
        return "cannot run \(path): \(name) (\(String(cString: strerror(errno))))"
    }
}

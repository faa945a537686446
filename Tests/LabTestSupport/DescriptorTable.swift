import Glibc

/// The process's descriptor table, for a test child that runs out of descriptors: filling
/// it, counting what is left, and running the test bundle again as such a child, so the
/// tests sharing the parent process keep their descriptors.
public enum DescriptorTable {
    /// Lowers the soft `RLIMIT_NOFILE` a little above the descriptors in use, then opens
    /// `/dev/null` until `open` fails; returns the descriptors to close.
    public static func fill() -> [Int32] {
        lowerLimit(spare: 16)
        var held: [Int32] = []
        while case let fd = open("/dev/null", O_RDONLY), fd >= 0 { held.append(fd) }
        return held
    }

    /// Lowers the soft `RLIMIT_NOFILE` to about `spare` above the highest descriptor in use,
    /// so that ``freeCount()`` opens few.
    public static func lowerLimit(spare: Int) {
        let probe = open("/dev/null", O_RDONLY)
        defer { _ = close(probe) }
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = rlim_t(Int(probe) + spare)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// How many more descriptors the process can open now (it opens them, then closes them).
    public static func freeCount() -> Int {
        var opened: [Int32] = []
        while case let fd = open("/dev/null", O_RDONLY), fd >= 0 { opened.append(fd) }
        opened.forEach { _ = close($0) }
        return opened.count
    }

    /// Runs this test bundle again with `variable` set in its environment, running only the
    /// tests whose names match `filter`, its standard error merged into its standard output.
    public static func runChild(setting variable: String, filter: String) throws -> ChildProcess {
        guard let bundle = realpath("/proc/self/exe", nil) else { throw SpawnError(path: "/proc/self/exe", errno: errno) }
        defer { free(bundle) }
        return try ChildProcess.run(
            "/bin/sh",
            [
                "-c", "exec 2>&1; \(variable)=1 exec \"$0\" --testing-library swift-testing --filter \"$1\"",
                String(cString: bundle), filter,
            ])
    }
}

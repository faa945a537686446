import Glibc
import LabRuntime

/// The process-wide figures `bench network` reports, read from `/proc/self` and
/// `getrlimit`, and the descriptor limit it raises.
enum ProcessResources {
    /// The number of open descriptors: the entries of `/proc/self/fd`, less the one the
    /// listing itself holds. `nil` when `/proc` cannot be read.
    static func openDescriptorCount() -> Int? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
        }
        return count - 1
    }

    /// Checks that `count` more descriptors can be opened now, by opening and closing them,
    /// for a step whose code crashes when it gets none (CF's run loop, `__CFRunLoopCreate`).
    ///
    /// - Throws: ``BenchFailure`` naming the error (`EMFILE`) when they cannot.
    static func requireFreeDescriptors(_ count: Int, for step: String) throws(BenchFailure) {
        var opened: [Int32] = []
        defer { opened.forEach { _ = close($0) } }
        while opened.count < count {
            let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw BenchFailure(step, SystemCallError("open (\(count) descriptors free)")) }
            opened.append(fd)
        }
    }

    /// A `kB` field of `/proc/self/status`, such as `VmHWM` (peak RSS) or `VmRSS`.
    static func statusKiB(_ field: String) -> Int? {
        guard let text = TextFile.read("/proc/self/status") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).split { $0 == " " || $0 == "\t" }.first ?? "")
        }
        return nil
    }

    /// Resets the kernel's peak-RSS mark (`VmHWM`) to the current RSS by writing `5` to
    /// `/proc/self/clear_refs`; false when the kernel does not allow it.
    static func resetPeakResident() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    /// `RLIMIT_NOFILE` after raising the soft limit to the hard one: (soft, hard, the soft
    /// limit before).
    static func raiseDescriptorLimit() -> (soft: Int, hard: Int, before: Int) {
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        var limit = rlimit()
        getrlimit(resource, &limit)
        let before = Int(limit.rlim_cur)
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            setrlimit(resource, &limit)
            getrlimit(resource, &limit)
        }
        return (Int(limit.rlim_cur), Int(limit.rlim_max), before)
    }
}

import Glibc

/// The machine's processors, as benchmarks report them.
enum CPUCount {
    /// The processors online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
    static var online: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}

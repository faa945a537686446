import CSystem

/// Which CPUs a thread may run on (`sched_setaffinity`).
///
/// A ``Simulation`` runs all of its lab threads as fibers on the pthread that runs it; the
/// explorer pins each of its workers to a different CPU so that parallel simulations do not
/// share one.
public enum CPUAffinity {
    /// A set of CPUs, as the kernel's bit mask.
    public struct Mask: Sendable, Equatable {
        fileprivate var words: [UInt] = Array(repeating: 0, count: 16)
    }

    /// The CPUs this process could use when it started, ascending.
    public static let allowedCPUs: [Int] = {
        let mask = callingThreadMask
        let cpus = (0..<(mask.words.count * UInt.bitWidth)).filter { mask.words[$0 / UInt.bitWidth] & (1 << UInt($0 % UInt.bitWidth)) != 0 }
        return cpus.isEmpty ? [0] : cpus
    }()

    /// How many CPUs the process may use.
    public static var count: Int { allowedCPUs.count }

    /// The calling thread's current mask.
    public static var callingThreadMask: Mask {
        var mask = Mask()
        let bytes = mask.words.count * MemoryLayout<UInt>.size
        _ = mask.words.withUnsafeMutableBufferPointer { csystem_get_thread_affinity($0.baseAddress, bytes) }
        return mask
    }

    /// Lets the calling thread run only on the `index`-th allowed CPU (modulo their number).
    /// A refusal (a cpuset that changed) is ignored: pinning only makes things faster.
    public static func pinCallingThread(toCPU index: Int) {
        pinCallingThread(toCPUNumbered: allowedCPUs[index % allowedCPUs.count])
    }

    /// Lets the calling thread run only on CPU number `cpu`.
    static func pinCallingThread(toCPUNumbered cpu: Int) {
        var mask = Mask()
        mask.words[cpu / UInt.bitWidth] = 1 << UInt(cpu % UInt.bitWidth)
        restoreCallingThreadMask(mask)
    }

    /// Sets the calling thread's mask back to `mask` (one read earlier with ``callingThreadMask``).
    public static func restoreCallingThreadMask(_ mask: Mask) {
        let bytes = mask.words.count * MemoryLayout<UInt>.size
        _ = mask.words.withUnsafeBufferPointer { csystem_set_thread_affinity($0.baseAddress, bytes) }
    }
}

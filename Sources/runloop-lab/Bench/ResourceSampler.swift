import Foundation
import Synchronization

/// Samples the open-descriptor count on its own thread while a workload runs, keeping the
/// highest value seen, and reads the kernel's peak RSS (`VmHWM`, reset at ``start``).
final class ResourceSampler: Sendable {
    /// How often the descriptor count is read.
    static let interval = 0.01

    private let peakDescriptors = Atomic<Int>(-1)
    private let running = Atomic<Bool>(true)
    private let stopped = DispatchSemaphore(value: 0)
    private let peakResidentReset: Bool

    private init(peakResidentReset: Bool) {
        self.peakResidentReset = peakResidentReset
    }

    /// Resets the peak-RSS mark and starts sampling.
    static func start() -> ResourceSampler {
        let sampler = ResourceSampler(peakResidentReset: ProcessResources.resetPeakResident())
        sampler.sample()
        Thread.detachNewThread {
            while sampler.running.load(ordering: .acquiring) {
                sampler.sample()
                MonotonicClock.sleep(seconds: interval)
            }
            sampler.stopped.signal()
        }
        return sampler
    }

    /// Stops sampling and returns the peak descriptor count and the peak RSS in KiB
    /// (`nil` when `/proc` did not allow reading or resetting them).
    func stop() -> (descriptors: Int?, residentKiB: Int?) {
        sample()
        running.store(false, ordering: .releasing)
        stopped.wait()
        let descriptors = peakDescriptors.load(ordering: .acquiring)
        return (descriptors >= 0 ? descriptors : nil, peakResidentReset ? ProcessResources.statusKiB("VmHWM") : nil)
    }

    private func sample() {
        guard let count = ProcessResources.openDescriptorCount() else { return }
        var seen = peakDescriptors.load(ordering: .relaxed)
        while count > seen {
            let (exchanged, original) = peakDescriptors.compareExchange(expected: seen, desired: count, ordering: .relaxed)
            if exchanged { break }
            seen = original
        }
    }
}

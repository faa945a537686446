import AFReplay
import LabRuntime
import NetSim
import RunLoopKit
import Synchronization

/// The "AFReplay live" row of `bench network`: `URLConnectionOperation`s on AFNetworking's
/// one network thread, over loopback TCP to the ``NetSim/LoopbackServer``, on the live
/// runtime with tracing off.
enum NetworkLabBench {
    /// The row's name in the table.
    static let name = "AFReplay live, 1 network thread"

    /// Runs `operations` operations for `request` through a fresh operation queue whose
    /// `maxConcurrentOperationCount` is `maxOpen`, and waits until every one has finished.
    ///
    /// Must run on a lab thread of the runtime that owns `server` and whose main thread
    /// serves the main queue. The clock runs from creating the first operation until the
    /// last one is finished (its `isFinished` KVO, on the network thread). An operation
    /// fails if it ends with an error or a body that is not `bodyBytes` long.
    ///
    /// - Throws: ``BenchFailure`` naming the error when the queue's workers get no
    ///   descriptor (`EMFILE`).
    static func measure(
        server: LoopbackServer, request: HTTPRequest, operations: Int, maxOpen: Int,
        bodyBytes: Int
    ) throws(BenchFailure) -> NetworkFigures {
        let runtime = currentRuntime()
        let allFinished = runtime.makeSemaphore(named: "all finished", value: 0)
        let finished = Atomic<Int>(0)
        let failed = Atomic<Int>(0)
        let received = Atomic<Int>(0)
        let sampler = ResourceSampler.start()
        let start = MonotonicClock.nanoseconds()
        let queue: LabOperationQueue
        do throws(RunLoopError) {
            queue = try LabOperationQueue(name: "bench network", maxConcurrentOperationCount: maxOpen)
        } catch {
            _ = sampler.stop()
            throw BenchFailure(name, error)
        }
        var batch: [LabOperation] = []
        batch.reserveCapacity(operations)
        for index in 0..<operations {
            let operation = URLConnectionOperation(request: request, server: server, name: "op \(index)")
            operation.addObserver { change in
                guard change.key == .isFinished, change.phase == .did, change.operation.isFinished,
                    let done = change.operation as? URLConnectionOperation
                else { return }
                let length = done.responseData?.count ?? 0
                received.add(length, ordering: .relaxed)
                if done.error != nil || length != bodyBytes { failed.add(1, ordering: .relaxed) }
                if finished.add(1, ordering: .acquiringAndReleasing).newValue == operations { allFinished.signal() }
            }
            batch.append(operation)
        }
        queue.addOperations(batch)
        batch = []
        allFinished.wait()
        let elapsed = MonotonicClock.nanoseconds() - start
        let peaks = sampler.stop()
        return NetworkFigures(
            name: name, operations: operations, maxOpen: maxOpen, nanoseconds: elapsed,
            bodyBytes: Int64(received.load(ordering: .relaxed)), failed: failed.load(ordering: .relaxed),
            peakDescriptors: peaks.descriptors, peakResidentKiB: peaks.residentKiB)
    }
}

import CoreFoundation
import Dispatch
import Foundation

/// A Foundation `Thread` that runs its `RunLoop` in the default mode until stopped, kept
/// alive by a timer set to fire in the distant future.
///
/// Foundation's `perform(inModes:block:)` only queues the block; it does not wake the loop.
/// ``perform(_:)`` therefore follows it with `CFRunLoopWakeUp`, which is what Foundation
/// users on Linux must do.
///
/// Unchecked `Sendable`: `runLoop` and `cfRunLoop` are written once on the loop thread before
/// ``start()`` returns (the `ready` semaphore orders that write before every read), and
/// `stopRequested` is only touched on the loop thread. `RunLoop.perform` and
/// `CFRunLoopWakeUp` are safe to call from any thread.
final class FoundationLoopThread: @unchecked Sendable {
    private var runLoop: RunLoop!
    private var cfRunLoop: CFRunLoop!
    private var stopRequested = false
    private let exited = DispatchSemaphore(value: 0)

    private init() {}

    /// Starts the thread and returns once its run loop exists and is about to run.
    static func start() -> FoundationLoopThread {
        let loopThread = FoundationLoopThread()
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread { loopThread.runUntilStopped(signalling: ready) }
        thread.name = "bench-foundation-runloop"
        thread.start()
        ready.wait()
        return loopThread
    }

    /// Queues `block` on the loop in the default mode and wakes the loop.
    func perform(_ block: @escaping @Sendable () -> Void) {
        runLoop.perform(inModes: [.default], block: block)
        CFRunLoopWakeUp(cfRunLoop)
    }

    /// Asks the loop to stop after the blocks already queued, and waits until its thread
    /// has left the loop.
    ///
    /// A performed block never counts as a handled source, so `run(mode:before:)` does not
    /// return after one; the block therefore also stops the current activation with
    /// `CFRunLoopStop`.
    func stop() {
        perform {
            self.stopRequested = true
            CFRunLoopStop(CFRunLoopGetCurrent())
        }
        exited.wait()
    }

    private func runUntilStopped(signalling ready: DispatchSemaphore) {
        let current = RunLoop.current
        runLoop = current
        cfRunLoop = CFRunLoopGetCurrent()
        current.add(Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }, forMode: .default)
        ready.signal()
        while !stopRequested {
            _ = current.run(mode: .default, before: .distantFuture)
        }
        exited.signal()
    }
}

import LabRuntime
import RunLoopKit

extension URLConnectionOperation {
    /// `performSelector:onThread:[networkRequestThread] withObject:nil waitUntilDone:NO
    /// modes:[runLoopModes allObjects]`: one of the four hops (spec §1.3).
    ///
    /// Live, when the network thread's loop could not be set up (no descriptor left,
    /// `EMFILE`), nothing would ever run the hop, so the operation fails at once, on the
    /// caller's thread, with that error in `NSPOSIXErrorDomain`, as an `NSURLConnection`
    /// that gets no socket fails.
    func performOnNetworkThread(_ selector: String, _ body: @escaping @Sendable () -> Void) {
        let thread: LabThread
        do throws(RunLoopError) {
            thread = try NetworkThread.thread(in: runtime)
        } catch {
            failWithoutNetworkThread(error)
            return
        }
        try? RunLoop.perform(
            on: thread, modes: servedRunLoopModes, waitUntilDone: false,
            label: String {
                $0.write(selector)
                $0.write(" ")
                $0.write(name)
            }, body)
    }

    /// Sets `error` as the operation's error and finishes it (``finish()``), unless it has
    /// finished already.
    private func failWithoutNetworkThread(_ error: RunLoopError) {
        guard !isFinished else { return }
        setError(.serviceThreadUnavailable(error))
        finish()
    }

    /// The modes the hops and the connection use: ``runLoopModes``, and under
    /// ``Fidelity/hardened`` also the default mode when they name neither it nor the common
    /// modes, since the network thread only ever runs the default mode (deviation 11).
    var servedRunLoopModes: [RunLoopMode] {
        let modes = runLoopModes
        guard fidelity == .hardened, !modes.contains(.default), !modes.contains(.common) else { return modes }
        return modes + [.default]
    }

    /// "Post N on main": an async dispatch to the main queue that posts `notification` from
    /// the default center with the operation as its object.
    ///
    /// ``Fidelity/hardened`` posts only if that keeps this operation's DidStart and
    /// DidFinish alternating, starting with DidStart; callers then hold the lock, so the
    /// decision and the dispatch are one step.
    func postOnMain(_ notification: Notification.Name) {
        if fidelity == .hardened {
            let alternates = storage.withLock { storage -> Bool in
                let starting = notification == .operationDidStart
                guard storage.activityNotificationOutstanding != starting else { return false }
                storage.activityNotificationOutstanding = starting
                return true
            }
            guard alternates else { return }
        }
        let center = NotificationCenter.default(in: runtime)
        MainQueue.shared(in: runtime).async(
            label: String {
                $0.write("post ")
                $0.write(notification.shortName)
                $0.write(" ")
                $0.write(name)
            }
        ) {
            center.post(name: notification, object: self)
        }
    }
}

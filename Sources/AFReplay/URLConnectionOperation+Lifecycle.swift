import NetSim
import RunLoopKit

extension URLConnectionOperation {
    /// `operationDidStart` (network thread, UCO.m 459-478, spec §3.3). Under the lock, if
    /// not cancelled: create the connection with the **current** request, schedule it in
    /// each of ``runLoopModes`` on this thread's loop, open the output stream (created
    /// lazily here), start the connection. Then, after unlocking, **always** post DidStart on
    /// main. The state is not checked: a pause queued after this hop still gets a live
    /// connection, which the later `operationDidPause` cancels. (Lab streams need no
    /// run-loop scheduling, so only the connection is scheduled.)
    ///
    /// ``Fidelity/hardened``: the connection is made only if still Executing (deviation 4),
    /// and DidStart is posted under the lock, only for a started connection (deviation 5).
    /// The connection is scheduled in ``servedRunLoopModes`` (deviation 11). A restart from
    /// the first byte first drops what an earlier connection left in the memory stream
    /// (deviation 12, ``discardPartialBodyBeforeRestart()``).
    func operationDidStart() {
        lock.lock()
        var connected = false
        if !isCancelled, fidelity == .afn263 || state == .executing {
            if fidelity == .hardened, !resumesWhereItLeftOff { discardPartialBodyBeforeRestart() }
            let connection = Connection(request: request, delegate: self, startImmediately: false, server: server)
            self.connection = connection
            storage.withLock { $0.sentRequests.append(connection.request) }
            let loop = RunLoop.current
            for mode in servedRunLoopModes { connection.schedule(in: loop, forMode: mode) }
            outputStream.open()
            connection.start()
            connected = true
        }
        if fidelity == .hardened, connected { postOnMain(.operationDidStart) }
        lock.unlock()
        if fidelity == .afn263 { postOnMain(.operationDidStart) }
    }

    /// ``Fidelity/hardened`` (deviation 12): before a connection that restarts the request
    /// from its first byte, a memory stream that already holds an earlier connection's
    /// bytes is replaced by an empty one, and ``totalBytesRead`` is reset on the main queue,
    /// behind every progress update of the earlier connection (their `didReceiveData:`
    /// queued them before `operationDidPause` cancelled it). Called under the lock on the
    /// network thread.
    private func discardPartialBodyBeforeRestart() {
        guard let held = outputStream.dataWrittenToMemory, !held.isEmpty else { return }
        setOutputStream(MemoryOutputStream())
        MainQueue.shared(in: runtime).async(label: "restart progress of \(name)") {
            self.shared.totalBytesRead.store(0)
        }
    }

    /// `cancelConnection` (network thread, UCO.m 502-519, spec §3.5), **without** the lock.
    /// Builds the −999 error with the request URL; if not finished: with a connection,
    /// cancels it and synchronously calls its own `connection:didFailWithError:` (a
    /// cancelled connection sends nothing more); without one (cancelled before
    /// `operationDidStart` made it), sets the error and calls `finish`.
    func cancelConnection() {
        let cancelled = cancellationError
        guard !isFinished else { return }
        if let connection {
            connection.cancel()
            synthesizeDidFail(with: cancelled, origin: "cancelConnection")
        } else {
            setError(cancelled)
            finish()
        }
    }

    /// The error a cancelled operation fails with: `NSURLErrorCancelled` (−999) for the
    /// request's URL.
    var cancellationError: OperationError {
        .url(NetError(.cancelled, failingURL: request.url.description))
    }

    /// `finish` (network thread, UCO.m 480-488, spec §3.6): under the lock set Finished
    /// (silently rejected from Paused), then **always** post DidFinish on main.
    ///
    /// ``Fidelity/hardened``: DidFinish is posted under the lock, only after an unmatched
    /// DidStart (deviation 5).
    func finish() {
        lock.lock()
        setState(.finished)
        if fidelity == .hardened { postOnMain(.operationDidFinish) }
        lock.unlock()
        if fidelity == .afn263 { postOnMain(.operationDidFinish) }
    }

    /// `operationDidPause` (network thread, UCO.m 358-362, spec §3.8): under the lock,
    /// cancel the connection (nothing if there is none). No error, no failure callback, no
    /// stream close; the connection property is not cleared, and the stream keeps its bytes.
    func operationDidPause() {
        lock.lock()
        connection?.cancel()
        lock.unlock()
    }

    /// `resume` (caller's thread, UCO.m 368-378, spec §3.9). Returns early, before
    /// locking, unless paused. Under the lock: set Ready, then call ``start()`` directly,
    /// which bypasses any queue's concurrency limit. Touches no header, error, response,
    /// byte count or stream.
    ///
    /// ``Fidelity/hardened``: in a queue that holds no slot for the operation, only set
    /// Ready; the queue starts it when a slot is free (deviation 7).
    public func resume() {
        guard isPaused else { return }
        lock.lock()
        if fidelity == .hardened, let queue = operationQueue, !queue.holdsSlot(for: self) {
            setState(.ready)
        } else {
            setState(.ready)
            start()
        }
        lock.unlock()
    }
}

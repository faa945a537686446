import Glibc
import LabRuntime
import NetSim

extension URLConnectionOperation {
    /// `connection:didReceiveResponse:` (UCO.m 646-650): stores the response, nothing else.
    /// (The lab also keeps the response's URL, `response.URL`, which follows redirects.)
    public func connection(_ connection: Connection, didReceive response: HTTPResponseHead) {
        let url = connection.currentURL
        storage.withLock { $0.responseURL = url }
        shared.response.store(response)
    }

    /// `connection:willSendRequest:redirectResponse:` (spec §3.10): on the network thread,
    /// the block of ``setRedirectResponseBlock(_:)`` decides if one is set; otherwise the
    /// proposed request goes unchanged, so the redirect is followed. Takes no lock. The lab
    /// records the call in ``redirects``.
    public func connection(_ connection: Connection, willSend request: HTTPRequest, redirectResponse: HTTPResponseHead) -> HTTPRequest? {
        let from = connection.currentURL
        let block = storage.withLock { $0.redirectResponse }
        let sent = block.map { $0(connection, request, redirectResponse) } ?? request
        let hop = RedirectHop(status: redirectResponse.statusCode, from: from, proposed: request, sent: sent)
        storage.withLock { $0.redirects.append(hop) }
        return sent
    }

    /// `connection:didReceiveData:` (UCO.m 652-688, 2.6.1+ behaviour, spec §3.10).
    ///
    /// If the output stream has space, writes the whole chunk, stopping silently at a write
    /// of −1 (the rest of the chunk is dropped). A write of 0 (a full fixed buffer) is
    /// retried forever, as AFNetworking's loop does; each retry is a scheduling point so a
    /// simulation reports the livelock instead of hanging. If there is no space: cancels
    /// the connection and, if the stream has a `streamError`, fails with it; returns either
    /// way, without progress, so with no stream error the operation stays Executing forever.
    /// After a write, dispatches to main: add the chunk's full length to
    /// ``totalBytesRead``, then call ``downloadProgress``. Like UCO.m, every use reads
    /// ``outputStream`` afresh.
    ///
    /// ``Fidelity/hardened`` (deviation 6): no space, or a write of 0, fails the operation
    /// with the stream's error or `ENOSPC`.
    public func connection(_ connection: Connection, didReceive data: [UInt8]) {
        let length = data.count
        if outputStream.hasSpaceAvailable {
            var written = 0
            while written < length {
                let count = outputStream.write(data[written...])
                if count == -1 { break }
                if count == 0, fidelity == .hardened { return failForNoSpace() }
                if count == 0 { runtime.schedulingPoint(before: .yield, "didReceiveData: write took 0 bytes, retrying") }
                written += count
            }
        } else {
            self.connection?.cancel()
            if let streamError = outputStream.streamError {
                synthesizeDidFail(with: .stream(streamError), origin: "stream error")
            } else if fidelity == .hardened {
                failForNoSpace()
            }
            return
        }
        MainQueue.shared(in: runtime).async(label: "progress \(name)") {
            let total = self.shared.totalBytesRead.load() + Int64(length)
            self.shared.totalBytesRead.store(total)
            let expected = self.response?.expectedContentLength
            self.downloadProgress?(length, total, Int64(expected ?? -1))
        }
    }

    /// ``Fidelity/hardened``: a stream that cannot take bytes fails the operation with its
    /// error, or `ENOSPC` when it has none, instead of leaving it Executing or spinning.
    private func failForNoSpace() {
        connection?.cancel()
        let error = outputStream.streamError ?? StreamError(code: ENOSPC, message: "the output stream has no space available")
        synthesizeDidFail(with: .stream(error), origin: "no space")
    }

    /// `[self performSelector:@selector(connection:didFailWithError:) …]`: the operation
    /// calling its own failure method, traced as a `didFailWithError` callback of its
    /// connection marked with where it came from (`origin`).
    func synthesizeDidFail(with error: OperationError, origin: String) {
        if let connection {
            runtime.record(
                .delegateCallback(
                    connection: connection.id, callback: "didFailWithError (from \(origin))",
                    delegate: name))
        }
        connectionFailed(with: error)
    }

    /// `connectionDidFinishLoading:` (UCO.m 690-701). Not locked as a whole: set
    /// ``responseData`` (locked setter) to the stream's in-memory data (nil for file and
    /// buffer streams), close the stream, clear it only if ``responseData`` is non-nil (so a
    /// caller's stream survives), clear the connection, `finish`.
    ///
    /// ``Fidelity/hardened``: all of it under the lock, and a cancelled operation fails with
    /// −999 instead (deviation 9).
    public func connectionDidFinishLoading(_ connection: Connection) {
        guard fidelity == .hardened else { return finishLoading() }
        lock.withLock {
            if isCancelled {
                connectionFailed(with: cancellationError)
            } else {
                finishLoading()
            }
        }
    }

    /// The 2.6.3 body of `connectionDidFinishLoading:`.
    private func finishLoading() {
        setResponseData(outputStream.dataWrittenToMemory)
        outputStream.close()
        if responseData != nil { setOutputStream(nil) }
        self.connection = nil
        finish()
    }

    /// `connection:didFailWithError:` (UCO.m 703-716).
    public func connection(_ connection: Connection, didFailWithError error: NetError) {
        connectionFailed(with: .url(error))
    }

    /// The body of `connection:didFailWithError:`, also reached synchronously from
    /// `cancelConnection` and from a stream error: set ``error``, close the stream, clear it
    /// only if ``responseData`` is non-nil (normally it is nil here, so the memory stream is
    /// kept, closed), clear the connection, `finish`.
    func connectionFailed(with error: OperationError) {
        setError(error)
        outputStream.close()
        if responseData != nil { setOutputStream(nil) }
        self.connection = nil
        finish()
    }
}

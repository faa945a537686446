import NetSim

extension URLConnectionOperation {
    /// `encodeWithCoder:` (UCO.m, spec §3.15): first `[self pause]`, dynamically dispatched,
    /// so encoding pauses a running operation as a side effect (and an
    /// ``HTTPRequestOperation``'s pause points the request at the rest of the body); then
    /// reads the request, the state (Executing or Paused written as Ready), the response,
    /// the error, `responseData` and `totalBytesRead`, each without the lock, as 2.6.3 does.
    public func encoded() -> OperationArchive {
        pause()
        let request = self.request
        let saved: OperationState =
            switch state {
            case .executing, .paused: .ready
            // Read again, as UCO.m's default branch does.
            case .ready, .finished: state
            }
        return OperationArchive(
            request: request, state: saved, response: response, error: error, responseData: responseData,
            totalBytesRead: totalBytesRead, responseSerializer: carriedResponseSerializer)
    }

    /// `initWithCoder:` (UCO.m, spec §3.15): a new operation for the archived request, then
    /// the archived state replayed through `setState:`, so a Finished one is rejected
    /// (Ready → Finished is valid only when cancelled) and comes back Ready; then the
    /// response, the error, `responseData` (its locked setter) and `totalBytesRead`, and an
    /// ``HTTPRequestOperation``'s response serializer.
    public convenience init(
        decoding archive: OperationArchive, server: LoopbackServer, fidelity: Fidelity = .afn263, name: String? = nil
    ) {
        self.init(request: archive.request, server: server, fidelity: fidelity, name: name)
        setState(archive.state)
        shared.response.store(archive.response)
        shared.error.store(archive.error)
        setResponseData(archive.responseData)
        shared.totalBytesRead.store(archive.totalBytesRead)
        if let serializer = archive.responseSerializer { carriedResponseSerializer = serializer }
    }

    /// `copyWithZone:` (UCO.m and HRO.m, spec §3.15): a new Ready operation of the same
    /// class for the current request (with any Range a pause put in it), with the same
    /// ``downloadProgress`` and redirect blocks, ``completionQueue`` and ``completionGroup``,
    /// and an ``HTTPRequestOperation``'s response serializer. Not the completion block, the
    /// output stream, the state or the cancelled flag. Named `name`, or the next free name.
    public func copy(named name: String? = nil) -> Self {
        let copy = type(of: self).init(request: request, server: server, fidelity: fidelity, name: name)
        copy.downloadProgress = downloadProgress
        copy.setRedirectResponseBlock(storage.withLock { $0.redirectResponse })
        copy.completionQueue = completionQueue
        copy.completionGroup = completionGroup
        if let serializer = carriedResponseSerializer { copy.carriedResponseSerializer = serializer }
        return copy
    }
}

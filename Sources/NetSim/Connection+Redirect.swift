extension Connection {
    /// The most redirects one connection follows, as CFNetwork's HTTP loader allows: the
    /// next redirect response fails the connection with
    /// ``NetError/Code/httpTooManyRedirects`` (−1007).
    public static let redirectLimit = 16

    /// The statuses NSURLConnection follows when the response carries a `Location`.
    static let redirectStatuses = [301, 302, 303, 307, 308]

    /// Handles a response head that may be a redirect, as NSURLConnection does: a 301, 302,
    /// 303, 307 or 308 whose `Location` resolves against the current URL is offered to the
    /// delegate as `connection:willSendRequest:redirectResponse:` (traced as a
    /// `willSendRequest` callback naming the proposed request and the status). The request
    /// the delegate returns is sent on a new socket, and this response's body is dropped; a
    /// nil return keeps this response as the final one. Past ``redirectLimit`` redirects the
    /// connection fails with −1007 instead, without asking the delegate.
    ///
    /// Returns true when the response ends here (the redirect is followed, the limit is
    /// exceeded, or the connection stopped during the delegate call); false when `head` is
    /// to be delivered as the final response.
    func redirectEndsResponse(_ head: HTTPResponseHead) -> Bool {
        guard Self.redirectStatuses.contains(head.statusCode), let location = head.headers["Location"] else { return false }
        let (redirected, followed) = state.withLock { ($0.redirectedRequest, $0.redirectCount) }
        let current = redirected ?? request
        guard let target = current.url.resolving(location) else { return false }
        guard followed < Self.redirectLimit else {
            fail(NetError(.httpTooManyRedirects, failingURL: current.url.description))
            return true
        }
        let proposed = current.redirected(to: target, status: head.statusCode)
        var decision: HTTPRequest?
        let sent = deliver("willSendRequest \(proposed.method) \(target) redirectResponse \(head.statusCode)", ending: false) {
            decision = $0.connection(self, willSend: proposed, redirectResponse: head)
        }
        guard sent, state.withLock({ $0.phase.isLive }) else { return true }
        guard let decision else { return false }
        reopen(sending: decision)
        return true
    }

    /// Drops the socket of the redirect response and starts over with `request`: a new dial,
    /// a new parser and a new timeout, on the same loop and modes.
    private func reopen(sending request: HTTPRequest) {
        let resources = state.withLock { state -> ConnectionResources? in
            guard state.phase.isLive else { return nil }
            state.phase = .starting
            state.redirectedRequest = request
            state.redirectCount += 1
            state.parser = HTTPResponseParser(requestWasHEAD: request.method == "HEAD")
            state.connected = false
            state.outgoing = []
            return state.takeResources()
        }
        guard let resources else { return }
        release(resources)
        open()
    }
}

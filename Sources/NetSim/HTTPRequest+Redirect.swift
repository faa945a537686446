extension HTTPRequest {
    /// The request NSURLConnection proposes for a redirect to `url` answered with `status`:
    /// the same request for the new URL, except that a 303 turns any method but `HEAD` into
    /// `GET`, and a 301 or 302 turns `POST` into `GET`, as browsers and CFNetwork do; a
    /// request that becomes a `GET` loses its body and `Content-Type`. A 307 or 308 keeps
    /// the method and the body (RFC 9110 §15.4).
    public func redirected(to url: LabURL, status: Int) -> HTTPRequest {
        var next = self
        next.url = url
        let becomesGET = status == 303 ? method != "GET" && method != "HEAD" : (status == 301 || status == 302) && method == "POST"
        guard becomesGET else { return next }
        next.method = "GET"
        next.body = []
        next.headers.removeValue(for: "Content-Type")
        return next
    }
}

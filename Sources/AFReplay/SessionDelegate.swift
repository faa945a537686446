import NetSim

/// The messages a ``Session`` sends its delegate, always on the session's delegate queue:
/// the parts of `NSURLSessionDataDelegate` and `NSURLSessionTaskDelegate` that
/// ``SessionManager`` implements (spec §4).
public protocol SessionDelegate: AnyObject, Sendable {
    /// `URLSession:dataTask:didReceiveResponse:completionHandler:`, with the disposition
    /// "allow" implied.
    func session(_ session: Session, dataTask: SessionTask, didReceive response: HTTPResponseHead)
    /// `URLSession:dataTask:didReceiveData:`.
    func session(_ session: Session, dataTask: SessionTask, didReceive data: [UInt8])
    /// `URLSession:task:didCompleteWithError:`: once per task, last; `nil` on success.
    func session(_ session: Session, task: SessionTask, didCompleteWithError error: OperationError?)
}

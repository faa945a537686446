/// One thing the loopback server does while answering a request, in order.
enum ResponseStep: Sendable, Equatable {
    /// Write these bytes (all of them, across partial writes) before going on.
    case send([UInt8])
    /// Wait this long (a run-loop timer on the server's loop) before going on.
    case pause(Duration)
    /// Close the connection gracefully (FIN).
    case close
    /// Reset the connection: abortive close (RST) on TCP, a plain close on a socket pair.
    case reset
    /// Send nothing more and keep the connection open until the client goes away.
    case stall
}

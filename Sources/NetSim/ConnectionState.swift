import LabRuntime
import RunLoopKit

/// A ``Connection``'s mutable state, behind its lock.
struct ConnectionState {
    var phase = ConnectionPhase.idle
    /// Retained from creation until the connection ends or is cancelled.
    var delegate: (any ConnectionDelegate)?
    var loop: RunLoop?
    var modes: [RunLoopMode] = []
    var parser: HTTPResponseParser
    /// The request a followed redirect sends (`currentRequest` once it differs from
    /// `originalRequest`); nil until then, so that a connection holds one copy of its request.
    var redirectedRequest: HTTPRequest?
    /// How many redirects the connection has followed.
    var redirectCount = 0
    var socket: LabFileDescriptor?
    var readSource: PortSource?
    var writeSource: PortSource?
    var timeout: RunLoopTimer?
    /// The request bytes not yet written.
    var outgoing: ArraySlice<UInt8> = []
    /// Whether the non-blocking connect is known to have succeeded.
    var connected = false
    /// When bytes last arrived (or the socket opened): the timeout counts from here.
    var lastActivity = LabInstant.zero

    /// Hands over everything that must be released when the connection ends, and forgets it.
    mutating func takeResources() -> ConnectionResources {
        defer {
            socket = nil
            readSource = nil
            writeSource = nil
            timeout = nil
        }
        return ConnectionResources(
            loop: loop, modes: modes, socket: socket, readSource: readSource,
            writeSource: writeSource, timeout: timeout)
    }
}

/// What a ``Connection`` holds while it runs, handed over when it ends.
struct ConnectionResources {
    let loop: RunLoop?
    let modes: [RunLoopMode]
    let socket: LabFileDescriptor?
    let readSource: PortSource?
    let writeSource: PortSource?
    let timeout: RunLoopTimer?
}

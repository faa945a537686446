import RunLoopKit

/// `source NAME on THREAD [modes …]` or `port NAME on THREAD [modes …]`: a named run-loop
/// source that `signal NAME` or `send NAME` actions drive.
struct LoopSourceDeclaration: Sendable, Equatable {
    /// Which kind of source.
    enum Kind: String, Sendable, Equatable {
        /// A version-0 source (`CFRunLoopSourceCreate` with a version-0 context): signalled
        /// by `CFRunLoopSourceSignal`, which does not wake the loop.
        case source
        /// A port in a version-1 source (`-[NSRunLoop addPort:forMode:]`): a message sent to
        /// it wakes the loop.
        case port
    }

    /// Which kind it is.
    let kind: Kind
    /// Its name, as traces show it.
    let name: String
    /// The thread whose loop it is added to.
    let thread: String
    /// The modes it is added to (default: `default`).
    let modes: [RunLoopMode]
}

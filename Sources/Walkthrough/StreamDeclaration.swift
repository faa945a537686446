/// `stream NAME = memory | buffer N | file "PATH" | failing after N`: an output stream the
/// scenario gives operations (`setOutputStream:`).
struct StreamDeclaration: Sendable, Equatable {
    /// What kind of stream it is.
    enum Kind: Sendable, Equatable {
        /// `+[NSOutputStream outputStreamToMemory]`.
        case memory
        /// `outputStreamToBuffer:capacity:` with this capacity: full, it has no space and no
        /// error.
        case buffer(capacity: Int)
        /// `outputStreamToFileAtPath:append:NO`.
        case file(path: String)
        /// A stream that takes this many bytes, then fails with `ENOSPC`.
        case failing(after: Int)
    }

    /// The scenario's name for it.
    let name: String
    /// Its kind.
    let kind: Kind
}

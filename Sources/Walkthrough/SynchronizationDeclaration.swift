/// `lock NAME [recursive]` or `semaphore NAME [value N]`: an app-level synchronisation
/// object that actions on any thread can take and give back.
struct SynchronizationDeclaration: Sendable, Equatable {
    /// What kind of object it is.
    enum Kind: Sendable, Equatable {
        /// `NSLock`, or `NSRecursiveLock` when recursive.
        case lock(recursive: Bool)
        /// `dispatch_semaphore_create(value)`.
        case semaphore(value: Int)
    }

    /// The scenario's name for it.
    let name: String
    /// Its kind.
    let kind: Kind
}

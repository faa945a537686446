import LabRuntime

/// `NSBlockOperation`: a non-concurrent operation whose ``main()`` runs its blocks in
/// order. AFNetworking's batches wait on one (spec §3.16), and an operation queue of
/// concurrency 1 runs session delegate callbacks as block operations (spec §4).
public final class BlockOperation: LabOperation, @unchecked Sendable {
    // @unchecked: the only added state is `blocks`, a VisibleMutex.
    private let blocks: VisibleMutex<[@Sendable () -> Void]>

    /// An operation that runs `block` (`blockOperationWithBlock:`).
    public init(name: String? = nil, _ block: @escaping @Sendable () -> Void) {
        let identity = Identity(name: name)
        blocks = VisibleMutex([block], runtime: identity.runtime)
        super.init(identity: identity)
    }

    /// Adds a block to run after the others (`addExecutionBlock:`).
    public func addExecutionBlock(_ block: @escaping @Sendable () -> Void) {
        blocks.withLock { $0.append(block) }
    }

    /// Runs the blocks in the order added, on the thread that started the operation.
    public override func main() {
        for block in blocks.withLock({ $0 }) { block() }
    }
}

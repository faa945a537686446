import LabRuntime

extension URLConnectionOperation {
    /// `+batchOfRequestOperations:progressBlock:completionBlock:` (UCO.m 523-578, spec §3.16):
    /// the members followed by one block operation that depends on every member; add them all
    /// to a queue.
    ///
    /// 1. A new dispatch group, and a block operation that, when it runs, registers a
    ///    group-notify on main calling `completion` with all the members.
    /// 2. For each member: its ``completionGroup`` becomes the batch group; its current
    ///    ``completionBlock`` (AFNetworking's wrapper, if one is installed) is wrapped by a
    ///    block that `dispatch_group_async`s, on the member's ``completionQueue`` (or main),
    ///    the original block followed by "count the finished members, call `progress`
    ///    with (finished, total), leave the group"; the group is entered; the block
    ///    operation gains the member as a dependency. Setting ``completionBlock`` goes
    ///    through §3.12's wrapper again, so the steps nest as in UCO.m.
    /// 3. An empty batch is one block operation that dispatches `completion([])` to main.
    ///
    /// A member that never finishes (paused, then cancelled, under ``Fidelity/afn263``)
    /// never leaves the group: the block operation never becomes ready and `completion`
    /// never runs.
    public static func batchOfRequestOperations(
        _ operations: [URLConnectionOperation],
        progress: (@Sendable (_ finished: Int, _ total: Int) -> Void)?,
        completion: (@Sendable (_ operations: [URLConnectionOperation]) -> Void)?
    ) -> [LabOperation] {
        let runtime = currentRuntime()
        let main = MainQueue.shared(in: runtime)
        guard !operations.isEmpty else {
            return [
                BlockOperation {
                    main.async(label: "batch completion (empty)") {
                        runtime.record(.completion(operation: "batch of 0", block: "batch completion"))
                        completion?([])
                    }
                }
            ]
        }
        let group = DispatchGroupModel(label: "batch of \(operations.count)")
        let batched = BlockOperation {
            group.notify(queue: main, label: "batch completion") {
                runtime.record(.completion(operation: group.label, block: "batch completion"))
                completion?(operations)
            }
        }
        for operation in operations {
            operation.completionGroup = group
            let original = operation.completionBlock
            let name = operation.name
            operation.completionBlock = { [weak operation] in
                let queue = operation?.completionQueue ?? main
                group.async(queue: queue, label: "batch step of \(name)") {
                    original?()
                    let finished = operations.filter(\.isFinished).count
                    runtime.record(.completion(operation: name, block: "batch progress \(finished)/\(operations.count)"))
                    progress?(finished, operations.count)
                    group.leave()
                }
            }
            group.enter()
            batched.addDependency(operation)
        }
        return operations + [batched]
    }
}

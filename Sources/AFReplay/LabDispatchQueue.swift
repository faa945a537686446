/// A queue that runs blocks asynchronously: the part of a GCD `dispatch_queue_t` that
/// AFNetworking uses (`dispatch_async`, and `dispatch_group_async` through
/// ``DispatchGroupModel``).
///
/// The lab's queues are made of lab threads and their run loops (``MainQueue``,
/// ``DispatchQueueModel``), so a simulation schedules them like every other thread.
/// Their loops need descriptors, so, unlike GCD's, making a queue can fail live (`EMFILE`):
/// ``DispatchQueueModel/init(label:width:runtime:)`` throws to its creator. Once made, a
/// queue's ``async(label:_:)`` cannot fail, as `dispatch_async` cannot.
public protocol LabDispatchQueue: AnyObject, Sendable {
    /// The queue's label, e.g. `"com.alamofire.networking.http-request.processing"`.
    var label: String { get }

    /// Queues `block` and returns at once (`dispatch_async`). `blockLabel` names the block in
    /// the trace, and is only built when the trace is on.
    func async(label blockLabel: @autoclosure () -> String, _ block: @escaping @Sendable () -> Void)
}

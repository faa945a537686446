/// A reference to a scheduler object that is not retained: copying it, as a blocker or a
/// waiting list is read and written at every scheduling point, counts no reference in or
/// out. Whoever stores one makes sure the object outlives it: the thread that waits on a
/// lock, a semaphore or a port set holds the object for as long as its wait lasts (its
/// frame called the operation on it), and the simulation's `threads` keep every thread
/// alive for the whole run.
struct Unretained<Object: AnyObject> {
    private let unmanaged: Unmanaged<Object>

    init(_ object: Object) { unmanaged = .passUnretained(object) }

    /// The object, retained for as long as the caller holds it.
    var object: Object { unmanaged.takeUnretainedValue() }

    /// Calls `body` with the object borrowed: on a hot path, no reference is counted in or
    /// out at all.
    func with<Result>(_ body: (Object) -> Result) -> Result { unmanaged._withUnsafeGuaranteedRef(body) }
}

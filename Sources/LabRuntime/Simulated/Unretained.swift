/// A reference to a scheduler object that is not retained: copying it, as a blocker or a
/// waiting list is read and written at every scheduling point, counts no reference in or
/// out. Whoever stores one makes sure the object outlives it: the thread that waits on a
/// lock, a semaphore or a port set holds the object for as long as its wait lasts (its
/// frame called the operation on it), and the simulation's `threads` keep every thread
/// alive for the whole run.
struct Unretained<Object: AnyObject> {
    unowned(unsafe) let object: Object

    init(_ object: Object) { self.object = object }
}

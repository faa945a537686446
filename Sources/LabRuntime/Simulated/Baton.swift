import Glibc

/// A lab thread's baton under simulation: a binary hand-off on a POSIX semaphore (a futex).
///
/// The scheduler ``post()``s the baton of the thread it chose, after releasing its own
/// mutex, so the chosen thread wakes without contending for it; the thread that gave the
/// baton away ``wait()``s on its own. A post is remembered, so a baton posted before its
/// thread waits is never lost, and there are no spurious wake-ups.
final class Baton {
    private let semaphore: UnsafeMutablePointer<sem_t> = .allocate(capacity: 1)

    init() { sem_init(semaphore, 0, 0) }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// Hands the baton over: wakes the waiting thread, or lets its next wait return at once.
    func post() { sem_post(semaphore) }

    /// Blocks until the baton is posted.
    func wait() {
        while sem_wait(semaphore) != 0 {}
    }
}

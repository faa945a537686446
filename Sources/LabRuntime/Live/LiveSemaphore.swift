import Glibc

/// A ``LabSemaphore`` on a pthread mutex and condition variable.
final class LiveSemaphore: LabSemaphore, @unchecked Sendable {
    // @unchecked: `count` is only read or written with `mutex` held.
    let id: Int
    let name: String
    private unowned let runtime: LiveRuntime
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
    private let condition: UnsafeMutablePointer<pthread_cond_t> = .allocate(capacity: 1)
    private var count: Int

    init(id: Int, name: String, value: Int, runtime: LiveRuntime) {
        self.id = id
        self.name = name
        self.count = value
        self.runtime = runtime
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func signal() {
        runtime.record(.semaphoreSignal(name: name))
        pthread_mutex_lock(mutex)
        count += 1
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    func wait() {
        pthread_mutex_lock(mutex)
        while count == 0 { pthread_cond_wait(condition, mutex) }
        count -= 1
        pthread_mutex_unlock(mutex)
        runtime.record(.semaphoreWait(name: name))
    }
}

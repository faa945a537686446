import CSystem
import Glibc
import Synchronization

/// The closed eventfds of simulated runs, kept for later ports: creating an
/// eventfd and closing it are each a system call that allocates or frees a kernel file,
/// while reusing one costs a read that resets its counter. Shared by every simulation of
/// the process (the explorer's jobs run theirs in parallel); at most ``capacity`` are kept,
/// the rest are closed.
enum EventFDPool {
    /// How many idle eventfds the process keeps at most.
    static let capacity = 64
    private static let idle = Mutex<[Int32]>([])

    /// An idle eventfd (non-blocking, close-on-exec, counter at 0), or a new one; -1 with
    /// `errno` set when none can be made.
    static func take() -> Int32 {
        idle.withLock { $0.popLast() } ?? eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
    }

    /// Resets `fd`'s counter to 0, unless `isReset` says it is 0 already, and keeps it for
    /// ``take()``, or closes it when the pool is full.
    static func giveBack(_ fd: Int32, isReset: Bool) {
        if !isReset {
            var count: eventfd_t = 0
            _ = eventfd_read(fd, &count)
        }
        let kept = idle.withLock { idle in
            guard idle.count < capacity else { return false }
            idle.append(fd)
            return true
        }
        if !kept { _ = Glibc.close(fd) }
    }
}

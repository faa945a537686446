import CSystem
import Glibc
import Synchronization

/// The socket pairs of simulated runs whose ends both closed while still in user space
/// (``UserSpaceSocketPair``), kept for later runs: nothing was ever sent or closed in the
/// kernel, so each is as `socketpair` made it, and a later run takes it instead of making
/// one (a `socketpair` and two `close`s, each allocating or freeing kernel files), with the
/// room of its byte queues. Shared by
/// every simulation of the process, like ``EventFDPool``; at most ``capacity`` are kept, the
/// rest are closed.
enum SocketPairPool {
    /// How many idle pairs the process keeps at most.
    static let capacity = 32
    private static let idle = Mutex<[UserSpaceSocketPair.Idle]>([])

    /// An idle pair (non-blocking, close-on-exec `AF_UNIX` stream sockets, connected, with
    /// nothing sent), or a new one; `nil` with `errno` set when none can be made.
    static func take() -> UserSpaceSocketPair.Idle? {
        if let pair = idle.withLock({ $0.popLast() }) { return pair }
        return makePair().map(UserSpaceSocketPair.Idle.init(descriptors:))
    }

    /// A new connected, non-blocking, close-on-exec `AF_UNIX` stream pair (`socketpair`);
    /// `nil` with `errno` set when none can be made.
    static func makePair() -> (Int32, Int32)? {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { return nil }
        return (fds[0], fds[1])
    }

    /// Keeps `pair`, which must be as ``take()`` gave it, for ``take()``, or closes both
    /// ends when the pool is full.
    static func giveBack(_ pair: UserSpaceSocketPair.Idle) {
        let kept = idle.withLock { idle in
            guard idle.count < capacity else { return false }
            idle.append(pair)
            return true
        }
        if !kept {
            _ = Glibc.close(pair.descriptors.0)
            _ = Glibc.close(pair.descriptors.1)
        }
    }
}

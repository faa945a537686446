// CSystem: the Linux system calls that Swift's Glibc module does not import.
//
// Swift 6.3's Glibc module leaves out epoll, eventfd and timerfd (and a few socket
// constants). This header includes them so that Swift code can call them directly,
// the same way swift-nio's CNIOLinux shim does. It holds no logic of its own beyond
// thin `static inline` wrappers for macros and variadic functions that Swift cannot call,
// except the fiber switch of the simulated runtime (CSystemFiber.h, Fiber.c), which Swift
// cannot express: it swaps stacks, the Ctrl-C flag (Interrupt.c): a signal handler must
// be async-signal-safe, which Swift code is not, and the current lab thread's word
// (CurrentLabThread.c): a C thread-local, which Swift cannot declare, read in a few
// instructions where `pthread_getspecific` costs a call and a key check.
#ifndef CSYSTEM_H
#define CSYSTEM_H

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <sys/resource.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <fcntl.h>
#include <poll.h>
#include <errno.h>
#include <pthread.h>
#include <unistd.h>
#include <time.h>
#include <sys/syscall.h>
#include <sys/prctl.h>
#include <sys/ioctl.h>
#include <malloc.h>
#include <stdint.h>
#include <linux/futex.h>

#include "CSystemFiber.h"

/// `errno` is a macro over a thread-local lvalue; Swift sees a function instead.
static inline int csystem_errno(void) { return errno; }

/// `fcntl` is variadic, which Swift cannot call; this is `fcntl(fd, F_SETFL, flags)`.
static inline int csystem_fcntl_setfl(int fd, int flags) { return fcntl(fd, F_SETFL, flags); }

/// `fcntl(fd, F_GETFL)`.
static inline int csystem_fcntl_getfl(int fd) { return fcntl(fd, F_GETFL); }

/// `fcntl(fd, F_GETFD)`: -1 with EBADF when `fd` is not open.
static inline int csystem_fcntl_getfd(int fd) { return fcntl(fd, F_GETFD); }

/// `accept4(fd, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC)` by raw system call (the
/// glibc wrapper needs `_GNU_SOURCE`): the accepted socket is non-blocking from the start,
/// with no `fcntl` round trip.
static inline int csystem_accept_nonblocking(int fd, struct sockaddr *address, socklen_t *length) {
    return (int)syscall(SYS_accept4, fd, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

/// CPU time consumed by the calling thread, for idle-CPU measurements.
static inline int csystem_thread_cputime(struct timespec *ts) {
    return clock_gettime(CLOCK_THREAD_CPUTIME_ID, ts);
}

/// Names the calling thread for debuggers and profilers (at most 15 bytes are kept);
/// `pthread_setname_np` needs `_GNU_SOURCE`, which the Glibc module is not built with.
static inline void csystem_set_thread_name(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }

/// The kernel thread id of the caller (`gettid`, which this Glibc module does not import).
static inline pid_t csystem_gettid(void) { return (pid_t)syscall(SYS_gettid); }

/// `sched_setaffinity(0, …)` for the calling thread, by raw system call: the glibc wrapper
/// and its `CPU_SET` macros need `_GNU_SOURCE`. `mask` is a bit set of `bytes` bytes.
static inline int csystem_set_thread_affinity(const unsigned long *mask, size_t bytes) {
    return (int)syscall(SYS_sched_setaffinity, 0, bytes, mask);
}

/// `sched_getaffinity(0, …)` for the calling thread into `mask` (`bytes` bytes, zeroed
/// first); returns a negative value on failure.
static inline int csystem_get_thread_affinity(unsigned long *mask, size_t bytes) {
    for (size_t i = 0; i < bytes / sizeof(unsigned long); i++) mask[i] = 0;
    return (int)syscall(SYS_sched_getaffinity, 0, bytes, mask);
}

/// `ioctl(fd, TIOCGWINSZ)`: the terminal's size in rows and columns; 0 on success.
static inline int csystem_window_size(int fd, unsigned short *rows, unsigned short *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

/// `mallopt(M_TRIM_THRESHOLD, bytes)`: glibc returns the free top of a heap to the kernel
/// only once it exceeds `bytes`. Returns 1 on success, as `mallopt` does.
static inline int csystem_set_malloc_trim_threshold(int bytes) { return mallopt(M_TRIM_THRESHOLD, bytes); }

/// The symbolic name of `error`, such as `"EMFILE"` (`strerrorname_np`, which needs
/// `_GNU_SOURCE` and so lives in CSystem.c), or NULL for an unknown number.
const char *csystem_errno_name(int error);

/// Starts `path` with `argv` (NULL-terminated) and this process's environment, its
/// standard output on `standard_output` (or inherited when negative) and no other descriptor
/// than 0, 1 and 2: `posix_spawn` with a dup2 and `closefrom` (a GNU extension) as file
/// actions. Unlike Foundation's `Process`, it never lists `/proc/self/fd`, whose reading
/// copies past the directory buffer and crashes when the process has many descriptors open.
/// Returns 0 or an errno value.
int csystem_spawn(pid_t *pid, const char *path, char *const argv[], int standard_output);

/// `pipe2(ends, O_CLOEXEC)` (a GNU extension, in Spawn.c): a pipe no other child inherits.
/// Returns 0, or -1 with `errno`.
int csystem_pipe_cloexec(int ends[2]);

/// Waits up to `timeout_ms` for the peer of socket `fd` to have closed or shut down its
/// writing side (`poll` for `POLLRDHUP`, which needs `_GNU_SOURCE` and so lives in
/// EndOfStream.c; a hang-up or an error counts too): 1 when it has, 0 on timeout, -1 with
/// `errno` on failure.
int csystem_poll_end_of_stream(int fd, int timeout_ms);

/// Sleeps while `*word == expected` (`FUTEX_WAIT_PRIVATE`); returns at once, with EAGAIN,
/// if it differs. Wake-ups may be spurious: callers re-check their condition.
static inline int csystem_futex_wait(uint32_t *word, uint32_t expected) {
    return (int)syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

/// Wakes up to `count` threads sleeping in `csystem_futex_wait` on `word`.
static inline int csystem_futex_wake(uint32_t *word, int count) {
    return (int)syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, count, NULL, NULL, 0);
}

/// `*word`, sequentially consistent (a futex word must be a plain address, which Swift's
/// `Atomic` does not expose).
static inline uint32_t csystem_atomic_load_u32(uint32_t *word) { return __atomic_load_n(word, __ATOMIC_SEQ_CST); }

/// Adds `delta` to `*word` (wrapping), sequentially consistent; returns the old value.
static inline uint32_t csystem_atomic_add_u32(uint32_t *word, uint32_t delta) {
    return __atomic_fetch_add(word, delta, __ATOMIC_SEQ_CST);
}

/// Replaces `*word` with `desired` if it is `expected`, sequentially consistent; 1 if it did.
static inline int csystem_atomic_cas_u32(uint32_t *word, uint32_t expected, uint32_t desired) {
    return __atomic_compare_exchange_n(word, &expected, desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

/// The calling pthread's current lab thread, as an unretained object pointer, or NULL: a
/// thread-local word in the initial-exec model, so that reading it is one load relative to
/// the thread pointer. LabRuntime's `CurrentThreadSlot` keeps it beside its pthread key.
extern __thread void *csystem_current_lab_thread __attribute__((tls_model("initial-exec")));

/// The calling pthread's ``csystem_current_lab_thread``.
static inline void *csystem_current_lab_thread_get(void) { return csystem_current_lab_thread; }

/// Sets the calling pthread's ``csystem_current_lab_thread``.
static inline void csystem_current_lab_thread_set(void *thread) { csystem_current_lab_thread = thread; }

/// Catches SIGINT (Ctrl-C): from now on it sets a flag, read by `csystem_interrupt_pending`,
/// instead of ending the process. Calls nest: each needs a `csystem_interrupt_release`.
/// Returns 0, or -1 with `errno` set.
int csystem_interrupt_catch(void);

/// Ends one `csystem_interrupt_catch`; the last gives SIGINT back the disposition it had
/// before the first, and clears the flag.
void csystem_interrupt_release(void);

/// 1 when SIGINT arrived since `csystem_interrupt_catch`, else 0.
int csystem_interrupt_pending(void);

#endif

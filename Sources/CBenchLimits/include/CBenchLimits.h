// CBenchLimits: the "physical limit" baselines that RunLoop Lab's benchmarks compare against.
//
// Written in C so that no Swift runtime, reference counting or scheduling layer sits between
// the measurement and the kernel. Used only by `runloop-lab bench`.
#ifndef CBENCHLIMITS_H
#define CBENCHLIMITS_H

#include <stdint.h>

/// Round trips run before measuring, so that both threads are started, scheduled and warm.
#define CBENCH_PINGPONG_WARMUP 1000

/// Measures the raw cross-thread wake-up round trip over two blocking eventfds.
///
/// Two pthreads (the caller and one it starts) each block in `eventfd_read` on their own
/// eventfd and wake the other with `eventfd_write`. After `CBENCH_PINGPONG_WARMUP`
/// unrecorded round trips, the caller times `iterations` round trips with `CLOCK_MONOTONIC`
/// and stores each one, in nanoseconds, in `round_trip_ns_out[0 ..< iterations]`.
///
/// - Parameters:
///   - iterations: the number of recorded round trips; must be positive.
///   - round_trip_ns_out: caller-owned storage for at least `iterations` values.
/// - Returns: 0 on success; `EINVAL` for a non-positive count or a null array; otherwise the
///   `errno` of the failing `eventfd`, `pthread_create`, read or write.
int cbench_eventfd_pingpong(int iterations, int64_t *round_trip_ns_out);

/// What `cbench_poll_reader` measured.
typedef struct {
    /// From the first connect to the last close, in nanoseconds (`CLOCK_MONOTONIC`).
    int64_t elapsed_ns;
    /// Body bytes read over all connections (bytes after each response head).
    int64_t body_bytes;
    /// Connections that ended with exactly `expected_body_bytes` of body.
    int completed;
    /// Connections that failed or ended with another body length.
    int failed;
} cbench_poll_result;

/// The plain poll() reader: the limit for `runloop-lab bench network`.
///
/// Opens `connections` non-blocking TCP connections to 127.0.0.1:`port`, at most
/// `max_open` at a time (a new one replaces each that ends), writes `request` on each, and
/// `poll()`s all open ones, reading until the server closes. A response's body is what
/// follows the first blank line; nothing else is parsed. Single-threaded; all reads go into
/// one buffer of `read_bytes` allocated up front (the bench passes the size of a
/// `Connection`'s reads, so both rows read alike).
///
/// - Returns: 0 on success (a connection that cannot be opened or fails is counted, not
///   fatal); `EINVAL` for bad arguments; `ENOMEM` when the connection table cannot be
///   allocated; otherwise the `errno` of a failing `poll`.
int cbench_poll_reader(int port, const char *request, int request_length, int connections, int max_open,
                       int read_bytes, int64_t expected_body_bytes, cbench_poll_result *result_out);

#endif

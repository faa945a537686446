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

#endif

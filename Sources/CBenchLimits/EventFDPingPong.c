// The raw eventfd ping-pong declared in include/CBenchLimits.h.
#define _GNU_SOURCE
#include "CBenchLimits.h"

#include <errno.h>
#include <pthread.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

/// The two eventfds, the number of round trips the ponging thread answers, and the first
/// error that thread met (read and written atomically).
struct pingpong {
    int ping_fd;
    int pong_fd;
    int round_trips;
    int pong_error;
};

static int64_t monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/// Blocks until `fd` is signalled; returns 0 or an errno value. Retries on EINTR.
static int wait_for(int fd) {
    eventfd_t value;
    while (eventfd_read(fd, &value) != 0) {
        if (errno != EINTR) {
            return errno;
        }
    }
    return 0;
}

/// Signals `fd` once; returns 0 or an errno value.
static int signal_fd(int fd) {
    return eventfd_write(fd, 1) == 0 ? 0 : errno;
}

static void *pong_main(void *argument) {
    struct pingpong *pp = argument;
    for (int i = 0; i < pp->round_trips; i++) {
        int error = wait_for(pp->ping_fd);
        if (error == 0) {
            error = signal_fd(pp->pong_fd);
        }
        if (error != 0) {
            __atomic_store_n(&pp->pong_error, error, __ATOMIC_RELEASE);
            signal_fd(pp->pong_fd);
            return NULL;
        }
    }
    return NULL;
}

/// One round trip from the calling thread: ping, then wait for the pong. A failure on the
/// ponging side wakes the caller and is reported here.
static int round_trip(struct pingpong *pp) {
    int error = signal_fd(pp->ping_fd);
    if (error == 0) {
        error = wait_for(pp->pong_fd);
    }
    return error != 0 ? error : __atomic_load_n(&pp->pong_error, __ATOMIC_ACQUIRE);
}

int cbench_eventfd_pingpong(int iterations, int64_t *round_trip_ns_out) {
    if (iterations <= 0 || round_trip_ns_out == NULL) {
        return EINVAL;
    }
    struct pingpong pp = {
        .ping_fd = eventfd(0, EFD_CLOEXEC),
        .pong_fd = eventfd(0, EFD_CLOEXEC),
        .round_trips = CBENCH_PINGPONG_WARMUP + iterations,
        .pong_error = 0,
    };
    int error = (pp.ping_fd < 0 || pp.pong_fd < 0) ? errno : 0;
    pthread_t ponger;
    if (error == 0) {
        error = pthread_create(&ponger, NULL, pong_main, &pp);
    }
    if (error == 0) {
        for (int i = 0; i < CBENCH_PINGPONG_WARMUP && error == 0; i++) {
            error = round_trip(&pp);
        }
        for (int i = 0; i < iterations && error == 0; i++) {
            int64_t start = monotonic_ns();
            error = round_trip(&pp);
            round_trip_ns_out[i] = monotonic_ns() - start;
        }
        if (error != 0) {
            pthread_cancel(ponger);
        }
        pthread_join(ponger, NULL);
    }
    if (pp.ping_fd >= 0) {
        close(pp.ping_fd);
    }
    if (pp.pong_fd >= 0) {
        close(pp.pong_fd);
    }
    return error;
}

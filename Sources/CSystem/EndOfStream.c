// Waiting for a socket's peer to have closed its writing side: `POLLRDHUP` needs `_GNU_SOURCE`, which the header cannot define for Swift.
#define _GNU_SOURCE
#include <poll.h>
#include "CSystem.h"

int csystem_poll_end_of_stream(int fd, int timeout_ms) {
    struct pollfd entry = {.fd = fd, .events = POLLRDHUP, .revents = 0};
    int ready = poll(&entry, 1, timeout_ms);
    if (ready <= 0) return ready;
    return (entry.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) != 0;
}

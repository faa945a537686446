// The plain poll() reader declared in include/CBenchLimits.h.
#define _GNU_SOURCE
#include "CBenchLimits.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/// One connection: how much of the request is out, how far the head's blank line has been
/// matched, and how many body bytes arrived.
struct reader_connection {
    int sent;
    int head_match;
    int in_body;
    int64_t body;
};

static int64_t reader_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/// Opens one non-blocking connection to 127.0.0.1:`port`; returns the descriptor or -1.
static int reader_connect(int port) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        return -1;
    }
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0 && errno != EINPROGRESS) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

/// Counts the body bytes in `bytes`, finding the end of the head (CRLF CRLF) first.
static void reader_consume(struct reader_connection *connection, const char *bytes, ssize_t count) {
    static const char terminator[4] = {'\r', '\n', '\r', '\n'};
    ssize_t index = 0;
    while (!connection->in_body && index < count) {
        char byte = bytes[index++];
        if (byte == terminator[connection->head_match]) {
            connection->head_match += 1;
        } else {
            connection->head_match = byte == '\r' ? 1 : 0;
        }
        if (connection->head_match == 4) {
            connection->in_body = 1;
        }
    }
    connection->body += count - index;
}

int cbench_poll_reader(int port, const char *request, int request_length, int connections, int max_open,
                       int read_bytes, int64_t expected_body_bytes, cbench_poll_result *result_out) {
    if (port <= 0 || request == NULL || request_length <= 0 || connections <= 0 || max_open <= 0 || read_bytes <= 0
        || result_out == NULL) {
        return EINVAL;
    }
    if (max_open > connections) {
        max_open = connections;
    }
    struct pollfd *polled = calloc((size_t)max_open, sizeof *polled);
    struct reader_connection *states = calloc((size_t)max_open, sizeof *states);
    char *buffer = malloc((size_t)read_bytes);
    if (polled == NULL || states == NULL || buffer == NULL) {
        free(polled);
        free(states);
        free(buffer);
        return ENOMEM;
    }
    cbench_poll_result result = {0, 0, 0, 0};
    int error = 0;
    int started = 0;
    int open_count = 0;
    int64_t start = reader_monotonic_ns();
    while (error == 0 && (started < connections || open_count > 0)) {
        while (started < connections && open_count < max_open) {
            int fd = reader_connect(port);
            started += 1;
            if (fd < 0) {
                result.failed += 1;
                continue;
            }
            polled[open_count] = (struct pollfd){.fd = fd, .events = POLLOUT, .revents = 0};
            states[open_count] = (struct reader_connection){0, 0, 0, 0};
            open_count += 1;
        }
        if (open_count == 0) {
            continue;
        }
        if (poll(polled, (nfds_t)open_count, -1) < 0) {
            if (errno != EINTR) {
                error = errno;
            }
            continue;
        }
        int index = 0;
        while (index < open_count) {
            struct pollfd *entry = &polled[index];
            struct reader_connection *connection = &states[index];
            int finished = 0;
            int succeeded = 0;
            if (entry->revents != 0 && entry->events == POLLOUT) {
                ssize_t sent = send(entry->fd, request + connection->sent, (size_t)(request_length - connection->sent), MSG_NOSIGNAL);
                if (sent > 0) {
                    connection->sent += (int)sent;
                    if (connection->sent == request_length) {
                        entry->events = POLLIN;
                    }
                } else if (sent < 0 && errno != EAGAIN && errno != EINTR) {
                    finished = 1;
                }
            } else if (entry->revents != 0) {
                for (;;) {
                    ssize_t received = recv(entry->fd, buffer, (size_t)read_bytes, 0);
                    if (received > 0) {
                        reader_consume(connection, buffer, received);
                        continue;
                    }
                    if (received == 0) {
                        finished = 1;
                        succeeded = connection->in_body && connection->body == expected_body_bytes;
                    } else if (errno != EAGAIN && errno != EINTR) {
                        finished = 1;
                    }
                    break;
                }
            }
            if (!finished) {
                index += 1;
                continue;
            }
            close(entry->fd);
            result.body_bytes += connection->body;
            if (succeeded) {
                result.completed += 1;
            } else {
                result.failed += 1;
            }
            open_count -= 1;
            polled[index] = polled[open_count];
            states[index] = states[open_count];
        }
    }
    result.elapsed_ns = reader_monotonic_ns() - start;
    for (int index = 0; index < open_count; index++) {
        close(polled[index].fd);
    }
    free(polled);
    free(states);
    free(buffer);
    *result_out = result;
    return error;
}

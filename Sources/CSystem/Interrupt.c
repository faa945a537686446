// Ctrl-C as a flag: a signal handler must be async-signal-safe, which a Swift closure is not.
#include <signal.h>
#include <pthread.h>
#include <string.h>
#include "CSystem.h"

static volatile sig_atomic_t pending = 0;
static struct sigaction previous;
// How many callers hold the catch: the first installs the handler, the last restores.
static pthread_mutex_t holders_lock = PTHREAD_MUTEX_INITIALIZER;
static int holders = 0;

static void csystem_interrupt_handler(int signal) {
    (void)signal;
    pending = 1;
}

int csystem_interrupt_catch(void) {
    int status = 0;
    pthread_mutex_lock(&holders_lock);
    if (holders == 0) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = csystem_interrupt_handler;
        sigemptyset(&action.sa_mask);
        pending = 0;
        status = sigaction(SIGINT, &action, &previous);
    }
    if (status == 0) holders += 1;
    pthread_mutex_unlock(&holders_lock);
    return status;
}

void csystem_interrupt_release(void) {
    pthread_mutex_lock(&holders_lock);
    if (holders > 0 && --holders == 0) {
        sigaction(SIGINT, &previous, NULL);
        pending = 0;
    }
    pthread_mutex_unlock(&holders_lock);
}

int csystem_interrupt_pending(void) { return pending; }

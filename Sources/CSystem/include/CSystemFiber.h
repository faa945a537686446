// CSystemFiber: user-space contexts (fibers) for the simulated runtime.
//
// A fiber is a stack and a saved stack pointer. `csystem_fiber_switch` saves the
// callee-saved registers of the running fiber on its own stack, stores its stack pointer,
// loads the other's and restores its registers: a few instructions, no system call (unlike
// `swapcontext`, which saves and restores the signal mask with `rt_sigprocmask`).
// Implemented in assembly for x86_64 and aarch64 in Fiber.c.
#ifndef CSYSTEM_FIBER_H
#define CSYSTEM_FIBER_H

#include <stddef.h>
#include <stdint.h>

/// The Swift runtime's own hooks for code that moves a thread of execution off and back
/// onto an OS thread (Swift Concurrency calls them when a task suspends and resumes):
/// they move the accesses the dynamic exclusivity checker tracks for that thread of
/// execution out of the OS thread's thread-local access set (`exit`) and back (`enter`).
/// `state` is two pointer-sized words, zeroed before first use. Exported by libswiftCore.
void swift_task_enterThreadLocalContext(char *state);
/// See ``swift_task_enterThreadLocalContext``.
void swift_task_exitThreadLocalContext(char *state);

/// One fiber: its stack and what a switch saves. Also the record of the context a
/// simulation was started from (`stack_low` 0, no stack of its own).
typedef struct csystem_fiber {
    /// The stack pointer saved when the fiber was switched away from.
    void *saved_stack_pointer;
    /// The mapping: `guard_size` bytes of inaccessible guard, then the usable stack.
    char *mapping;
    size_t mapping_size;
    size_t guard_size;
    /// The exclusivity checker's accesses of this fiber while it is switched away.
    char exclusivity_state[2 * sizeof(void *)];
    /// `errno` as the fiber left it.
    int saved_errno;
    /// Whether the fiber has exclusivity state of its own (every fiber with a stack).
    int tracks_exclusivity;
    /// The entry and its argument, called on the fiber's first switch-in.
    void (*entry)(void *argument);
    void *argument;
    /// The lab thread's name, for the stack-overflow message ("T3 AFNetworking").
    char name[64];
} csystem_fiber;

/// Maps a stack of `stack_size` usable bytes below an inaccessible guard of `guard_size`
/// bytes (both multiples of the page size) into `fiber`; returns 0, or -1 with `errno`.
int csystem_fiber_map_stack(csystem_fiber *fiber, size_t stack_size, size_t guard_size);

/// Unmaps the stack mapped by ``csystem_fiber_map_stack``.
void csystem_fiber_unmap_stack(csystem_fiber *fiber);

/// Prepares `fiber` (with a mapped stack) so that the next switch to it calls
/// `entry(argument)` on its stack, from the top. `entry` must never return: it ends by
/// switching away for good.
void csystem_fiber_prepare(csystem_fiber *fiber, void (*entry)(void *), void *argument);

/// Saves the running fiber's registers into `from` and resumes `to`. Returns when
/// something switches back to `from`. The thread's `errno`, the exclusivity checker's
/// accesses and the fiber the stack-overflow handler checks follow the switch.
void csystem_fiber_switch(csystem_fiber *from, csystem_fiber *to);

/// Installs, once per process, a SIGSEGV handler that reports an access to the guard of
/// the fiber running on the faulting thread as a stack overflow of that fiber (naming it)
/// before the process dies; any other fault goes to the handler that was installed before.
/// Also gives the calling thread an alternate signal stack if it has none, so that the
/// handler can run when a stack is exhausted.
void csystem_fiber_install_overflow_handler(void);

#endif

// The fiber switch, stacks with guard pages, and the stack-overflow report: see
// include/CSystemFiber.h.
#include "CSystemFiber.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// csystem_fiber_swap(void **save, void *load): pushes the callee-saved registers, stores
// the stack pointer in *save, loads `load` as the stack pointer, pops the registers saved
// there and returns into the code that switched away from it. A fresh fiber's stack holds
// a frame that "returns" into csystem_fiber_trampoline, which calls
// csystem_fiber_start(fiber) with the fiber held in a callee-saved register.
void csystem_fiber_swap(void **save, void *load) __attribute__((visibility("hidden")));
void csystem_fiber_trampoline(void) __attribute__((visibility("hidden")));
void csystem_fiber_start(csystem_fiber *fiber) __attribute__((visibility("hidden"), noreturn));

#if defined(__x86_64__)
// The frame csystem_fiber_swap leaves: MXCSR and the x87 control word (8 bytes), then
// r15, r14, r13, r12, rbx, rbp and the return address.
enum { FRAME_WORDS = 8, FRAME_FIBER_WORD = 4, FRAME_FP_WORD = 6, FRAME_RETURN_WORD = 7 };
__asm__(
    ".text\n"
    ".globl csystem_fiber_swap\n"
    ".hidden csystem_fiber_swap\n"
    ".type csystem_fiber_swap,@function\n"
    ".p2align 4\n"
    "csystem_fiber_swap:\n"
    "    pushq %rbp\n"
    "    pushq %rbx\n"
    "    pushq %r12\n"
    "    pushq %r13\n"
    "    pushq %r14\n"
    "    pushq %r15\n"
    "    subq $8, %rsp\n"
    "    stmxcsr (%rsp)\n"
    "    fnstcw 4(%rsp)\n"
    "    movq %rsp, (%rdi)\n"
    "    movq %rsi, %rsp\n"
    "    ldmxcsr (%rsp)\n"
    "    fldcw 4(%rsp)\n"
    "    addq $8, %rsp\n"
    "    popq %r15\n"
    "    popq %r14\n"
    "    popq %r13\n"
    "    popq %r12\n"
    "    popq %rbx\n"
    "    popq %rbp\n"
    "    ret\n"
    ".size csystem_fiber_swap, .-csystem_fiber_swap\n"
    ".globl csystem_fiber_trampoline\n"
    ".hidden csystem_fiber_trampoline\n"
    ".type csystem_fiber_trampoline,@function\n"
    ".p2align 4\n"
    "csystem_fiber_trampoline:\n"
    "    movq %r12, %rdi\n"
    "    callq csystem_fiber_start\n"
    "    ud2\n"
    ".size csystem_fiber_trampoline, .-csystem_fiber_trampoline\n");

static void write_initial_frame(uintptr_t *frame, csystem_fiber *fiber) {
    frame[0] = 0x1F80 | ((uintptr_t)0x037F << 32);  // MXCSR and x87 control word: Linux's defaults
    frame[FRAME_FIBER_WORD] = (uintptr_t)fiber;     // r12
    frame[FRAME_FP_WORD] = 0;                       // rbp: the end of the frame chain
    frame[FRAME_RETURN_WORD] = (uintptr_t)csystem_fiber_trampoline;
}
#elif defined(__aarch64__)
// The frame csystem_fiber_swap leaves: x19–x28, x29 (frame pointer), x30 (return
// address), d8–d15, padded to 176 bytes.
enum { FRAME_WORDS = 22, FRAME_FIBER_WORD = 0, FRAME_FP_WORD = 10, FRAME_RETURN_WORD = 11 };
__asm__(
    ".text\n"
    ".globl csystem_fiber_swap\n"
    ".hidden csystem_fiber_swap\n"
    ".type csystem_fiber_swap,%function\n"
    ".p2align 4\n"
    "csystem_fiber_swap:\n"
    "    sub sp, sp, #176\n"
    "    stp x19, x20, [sp, #0]\n"
    "    stp x21, x22, [sp, #16]\n"
    "    stp x23, x24, [sp, #32]\n"
    "    stp x25, x26, [sp, #48]\n"
    "    stp x27, x28, [sp, #64]\n"
    "    stp x29, x30, [sp, #80]\n"
    "    stp d8, d9, [sp, #96]\n"
    "    stp d10, d11, [sp, #112]\n"
    "    stp d12, d13, [sp, #128]\n"
    "    stp d14, d15, [sp, #144]\n"
    "    mov x9, sp\n"
    "    str x9, [x0]\n"
    "    mov sp, x1\n"
    "    ldp x19, x20, [sp, #0]\n"
    "    ldp x21, x22, [sp, #16]\n"
    "    ldp x23, x24, [sp, #32]\n"
    "    ldp x25, x26, [sp, #48]\n"
    "    ldp x27, x28, [sp, #64]\n"
    "    ldp x29, x30, [sp, #80]\n"
    "    ldp d8, d9, [sp, #96]\n"
    "    ldp d10, d11, [sp, #112]\n"
    "    ldp d12, d13, [sp, #128]\n"
    "    ldp d14, d15, [sp, #144]\n"
    "    add sp, sp, #176\n"
    "    ret\n"
    ".size csystem_fiber_swap, .-csystem_fiber_swap\n"
    ".globl csystem_fiber_trampoline\n"
    ".hidden csystem_fiber_trampoline\n"
    ".type csystem_fiber_trampoline,%function\n"
    ".p2align 4\n"
    "csystem_fiber_trampoline:\n"
    "    mov x0, x19\n"
    "    bl csystem_fiber_start\n"
    "    brk #0\n"
    ".size csystem_fiber_trampoline, .-csystem_fiber_trampoline\n");

static void write_initial_frame(uintptr_t *frame, csystem_fiber *fiber) {
    frame[FRAME_FIBER_WORD] = (uintptr_t)fiber;  // x19
    frame[FRAME_FP_WORD] = 0;                    // x29: the end of the frame chain
    frame[FRAME_RETURN_WORD] = (uintptr_t)csystem_fiber_trampoline;
}
#else
#error "CSystem's fiber switch supports x86_64 and aarch64 only"
#endif

// Stacks whose guard the SIGSEGV handler checks. A fixed table of atomics, so that the
// handler reads it without taking a lock; a stack that finds no free slot is simply not
// reported by name.
enum { GUARDED_SLOTS = 4096 };
static _Atomic(csystem_fiber *) guarded_stacks[GUARDED_SLOTS];

static void register_guard(csystem_fiber *fiber) {
    for (int slot = 0; slot < GUARDED_SLOTS; slot++) {
        csystem_fiber *expected = NULL;
        if (atomic_compare_exchange_strong(&guarded_stacks[slot], &expected, fiber)) return;
    }
}

static void unregister_guard(csystem_fiber *fiber) {
    for (int slot = 0; slot < GUARDED_SLOTS; slot++) {
        csystem_fiber *expected = fiber;
        if (atomic_compare_exchange_strong(&guarded_stacks[slot], &expected, NULL)) return;
    }
}

int csystem_fiber_map_stack(csystem_fiber *fiber, size_t stack_size, size_t guard_size) {
    size_t size = guard_size + stack_size;
    void *mapping = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (mapping == MAP_FAILED) return -1;
    if (mprotect(mapping, guard_size, PROT_NONE) != 0) {
        int saved = errno;
        munmap(mapping, size);
        errno = saved;
        return -1;
    }
    fiber->mapping = mapping;
    fiber->mapping_size = size;
    fiber->guard_size = guard_size;
    register_guard(fiber);
    return 0;
}

void csystem_fiber_unmap_stack(csystem_fiber *fiber) {
    if (fiber->mapping == NULL) return;
    unregister_guard(fiber);
    munmap(fiber->mapping, fiber->mapping_size);
    fiber->mapping = NULL;
}

// AddressSanitizer's shadow of a pooled stack: a fiber left where it stopped (a run cut short
// at a prefix, a deadlock) never returns from its frames, so their redzones stay poisoned and
// a later fiber on the same stack would trip over them. Cleared before each new fiber.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CSYSTEM_FIBER_ASAN 1
#endif
#endif
#if defined(CSYSTEM_FIBER_ASAN)
void __asan_unpoison_memory_region(void const volatile *address, size_t size);
static void clear_stack_shadow(csystem_fiber *fiber) {
    __asan_unpoison_memory_region((char *)fiber->mapping + fiber->guard_size, fiber->mapping_size - fiber->guard_size);
}
#else
static void clear_stack_shadow(csystem_fiber *fiber) { (void)fiber; }
#endif

void csystem_fiber_prepare(csystem_fiber *fiber, void (*entry)(void *), void *argument) {
    clear_stack_shadow(fiber);
    uintptr_t top = ((uintptr_t)fiber->mapping + fiber->mapping_size) & ~(uintptr_t)15;
    // Two zero words on top (a null return address for unwinders), then the frame: popping
    // it leaves the stack pointer 16-byte aligned at the trampoline, as a call site would.
    uintptr_t *frame = (uintptr_t *)(top - 16) - FRAME_WORDS;
    memset(frame, 0, (FRAME_WORDS + 2) * sizeof(uintptr_t));
    write_initial_frame(frame, fiber);
    fiber->saved_stack_pointer = frame;
    fiber->entry = entry;
    fiber->argument = argument;
    fiber->saved_errno = 0;
    fiber->tracks_exclusivity = 1;
    memset(fiber->exclusivity_state, 0, sizeof fiber->exclusivity_state);
}

static void resumed(csystem_fiber *fiber) {
    errno = fiber->saved_errno;
    if (fiber->tracks_exclusivity) swift_task_enterThreadLocalContext(fiber->exclusivity_state);
}

void csystem_fiber_switch(csystem_fiber *from, csystem_fiber *to) {
    if (from->tracks_exclusivity) swift_task_exitThreadLocalContext(from->exclusivity_state);
    from->saved_errno = errno;
    csystem_fiber_swap(&from->saved_stack_pointer, to->saved_stack_pointer);
    resumed(from);
}

void csystem_fiber_start(csystem_fiber *fiber) {
    resumed(fiber);
    fiber->entry(fiber->argument);
    abort();  // an entry switches away for good instead of returning
}

// The overflow report.

static struct sigaction previous_segv_action;
static pthread_once_t handler_once = PTHREAD_ONCE_INIT;
static pthread_key_t alternate_stack_key;
static __thread int has_alternate_stack;
enum { ALTERNATE_STACK_SIZE = 64 * 1024 };

static void write_text(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(STDERR_FILENO, text, length);
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}

static void write_number(size_t value) {
    char digits[24];
    int index = (int)sizeof digits - 1;
    digits[index] = 0;
    do {
        digits[--index] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0 && index > 0);
    write_text(&digits[index]);
}

static void on_segv(int number, siginfo_t *info, void *context) {
    (void)number;
    (void)context;
    char *address = info->si_addr;
    for (int slot = 0; slot < GUARDED_SLOTS; slot++) {
        csystem_fiber *fiber = atomic_load(&guarded_stacks[slot]);
        if (fiber == NULL || address < fiber->mapping || address >= fiber->mapping + fiber->guard_size) continue;
        write_text("\nfatal error: stack overflow in simulated lab thread ");
        write_text(fiber->name);
        write_text(" (its stack of ");
        write_number((fiber->mapping_size - fiber->guard_size) / 1024);
        write_text(" KiB is exhausted)\n");
        break;
    }
    // Fault again under the handler that was there before (by default: die of SIGSEGV).
    sigaction(SIGSEGV, &previous_segv_action, NULL);
}

static void free_alternate_stack(void *stack) {
    stack_t disable = {.ss_flags = SS_DISABLE};
    sigaltstack(&disable, NULL);
    munmap(stack, ALTERNATE_STACK_SIZE);
}

static void install_handler(void) {
    pthread_key_create(&alternate_stack_key, free_alternate_stack);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_segv;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &previous_segv_action);
}

void csystem_fiber_install_overflow_handler(void) {
    pthread_once(&handler_once, install_handler);
    if (has_alternate_stack) return;
    has_alternate_stack = 1;
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return;
    void *stack = mmap(NULL, ALTERNATE_STACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (stack == MAP_FAILED) return;
    stack_t alternate = {.ss_sp = stack, .ss_size = ALTERNATE_STACK_SIZE, .ss_flags = 0};
    if (sigaltstack(&alternate, NULL) != 0) {
        munmap(stack, ALTERNATE_STACK_SIZE);
        return;
    }
    pthread_setspecific(alternate_stack_key, stack);
}

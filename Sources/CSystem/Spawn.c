// Starting a child process that inherits only standard input, output and error:
// `posix_spawn_file_actions_addclosefrom_np` needs `_GNU_SOURCE`, which the header cannot
// define for Swift.
#define _GNU_SOURCE
#include <spawn.h>
#include "CSystem.h"

int csystem_spawn(pid_t *pid, const char *path, char *const argv[], int standard_output) {
    posix_spawn_file_actions_t actions;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) return status;
    if (standard_output >= 0) status = posix_spawn_file_actions_adddup2(&actions, standard_output, STDOUT_FILENO);
    if (status == 0) status = posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
    if (status == 0) status = posix_spawn(pid, path, &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    return status;
}

int csystem_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

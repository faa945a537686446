# Shared by the scripts in Scripts/ and by .ci/run: source it, do not run it.
#
# SCRATCH_PATH, when set, is passed to SwiftPM as --scratch-path, so that several builds can
# share one checkout without sharing a build directory. Unset, SwiftPM uses .build/.

scratch_flags=()
if [[ -n "${SCRATCH_PATH:-}" ]]; then
    scratch_flags=(--scratch-path "$SCRATCH_PATH")
fi

# run COMMAND [ARG...]: prints the command on standard error, then runs it.
run() {
    printf '+' >&2
    printf ' %q' "$@" >&2
    printf '\n' >&2
    "$@"
}

# The scripts change to the checkout first; a script that takes paths sets `caller=$PWD`
# before it does, and reads its path arguments through these, so that a relative path means
# what it meant where the script was started.

# from_caller PATH: prints PATH from $caller's point of view (an absolute path as it is).
from_caller() {
    if [[ $1 == /* ]]; then printf '%s\n' "$1"; else printf '%s\n' "$caller/$1"; fi
}

# scenario_from_caller NAME|FILE: a scenario file (a path containing '/' or ending in .lab)
# from_caller; a built-in scenario's name as it is.
scenario_from_caller() {
    if [[ $1 == */* || $1 == *.lab ]]; then from_caller "$1"; else printf '%s\n' "$1"; fi
}

# scenario_files_from_caller ARG...: sets the array `arguments` to ARG..., with every
# argument that ends in .lab (a scenario file, not an option) taken from_caller.
scenario_files_from_caller() {
    arguments=()
    local argument
    for argument in "$@"; do
        if [[ $argument == *.lab && $argument != -* ]]; then argument=$(from_caller "$argument"); fi
        arguments+=("$argument")
    done
}

# needs_value OPTION [ARG...]: given an option and the arguments after it, fails with status
# 64 (EX_USAGE), naming the option, when no value follows it.
needs_value() {
    if [[ $# -lt 2 ]]; then
        echo "${0##*/}: $1 needs a value" >&2
        exit 64
    fi
}

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

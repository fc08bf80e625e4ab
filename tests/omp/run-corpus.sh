#!/bin/bash
# run-corpus.sh - build and run the OpenMP runtime test corpus (tests/omp/t_*.c).
#
# usage: run-corpus.sh BUILD_DIR LIBDIR_OR_system [THREADS...]
#
#   BUILD_DIR          where the test binaries go (created if missing); a
#                      binary is rebuilt only when its t_*.c (or omp_test.h)
#                      is newer than it.  Runs may share it, at once.
#   LIBDIR_OR_system   a directory holding the libgomp.so.1 to test (it is
#                      prepended to LD_LIBRARY_PATH for every run), or the
#                      word "system" to run against the system libgomp.
#   THREADS...         OMP_NUM_THREADS values to run every test with
#                      (default: 1 2 4 16).
#
# The binaries are always built and linked the usual way against the
# system libgomp (${CC:-gcc} -fopenmp -O2 -Wall -Werror); only the runtime
# used at run time changes.
#
# Every test runs once per thread count under "timeout 60", except tests
# whose source has a header line
#     /* env: VAR=value VAR2=value2 */
# which run exactly once with that environment instead (values cannot
# contain spaces).  Tests named t_cancel_* get OMP_CANCELLATION=true.  All
# other OMP_* variables of the caller are removed so that runs are
# reproducible; other variables (GOMP_SPINCOUNT, ...) are passed through.
#
# Output: one line per failed run,
#     FAIL t_x (OMP_NUM_THREADS=4): <the test's message>
# then "corpus: N passed, M failed", where N and M count runs (a test that
# does not build counts as one failed run).  Exit status 0 only if nothing
# failed.
#
# Optional environment: CORPUS_FILTER=regex runs only tests whose name
# matches; CORPUS_VERBOSE=1 also prints a line (with wall time) per passed
# run; CORPUS_ENV="VAR=value ..." adds settings (OMP_* too) to every run,
# for example an OMPT tool in OMP_TOOL_LIBRARIES.
set -u

usage() {
    echo "usage: $0 BUILD_DIR LIBDIR_OR_system [THREADS...]" >&2
    exit 2
}

[ $# -ge 2 ] || usage
build_dir=$1
runtime=$2
shift 2
if [ $# -gt 0 ]; then
    threads=("$@")
else
    threads=(1 2 4 16)
fi
for t in "${threads[@]}"; do
    case $t in
        '' | *[!0-9]*) echo "$0: thread count '$t' is not a number" >&2; exit 2 ;;
    esac
done

src_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cc=${CC:-gcc}
cflags=(-fopenmp -O2 -Wall -Werror)

if [ "$runtime" = system ]; then
    libdir=
elif [ -d "$runtime" ]; then
    libdir=$(cd "$runtime" && pwd)
    if [ ! -e "$libdir/libgomp.so.1" ]; then
        echo "$0: warning: $libdir has no libgomp.so.1" >&2
    fi
else
    echo "$0: '$runtime' is neither a directory nor 'system'" >&2
    exit 2
fi

mkdir -p "$build_dir" || exit 2
build_dir=$(cd "$build_dir" && pwd)

# Start from an environment without any OMP_* setting.
read -r -a corpus_env <<<"${CORPUS_ENV:-}"
while IFS='=' read -r name _; do
    case $name in OMP_*) unset "$name" ;; esac
done < <(env)

passed=0
failed=0
tmp_err=$(mktemp) || exit 2
trap 'rm -f "$tmp_err"' EXIT

# describe_failure NAME RC -> prints the message for a failed run.
describe_failure() {
    local name=$1 rc=$2 msg
    msg=$(grep -a "^$name: " "$tmp_err" | tail -n 1)
    if [ -z "$msg" ]; then
        msg=$(grep -a -v '^[[:space:]]*$' "$tmp_err" | tail -n 1)
    fi
    if [ "$rc" -eq 124 ]; then
        msg="timed out after 60 s${msg:+ ($msg)}"
    elif [ "$rc" -gt 128 ]; then
        local sig
        sig=$(kill -l $((rc - 128)) 2>/dev/null || echo "?")
        msg="killed by signal $((rc - 128)) (SIG$sig)${msg:+: $msg}"
    elif [ -z "$msg" ]; then
        msg="exit status $rc, no message"
    else
        msg=${msg#"$name: "}
    fi
    printf '%s' "$msg"
}

# run_one NAME LABEL ENV... -> runs BUILD_DIR/NAME with the given env.
run_one() {
    local name=$1 label=$2
    shift 2
    local start end rc
    local envs=("$@")
    if [ -n "$libdir" ]; then
        envs+=("LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
    fi
    case $name in
        t_cancel_*) envs+=(OMP_CANCELLATION=true) ;;
    esac
    envs+=("${corpus_env[@]}")
    start=$(date +%s.%N)
    # The inner shell absorbs bash's "Segmentation fault"-style job report
    # (its own stderr is /dev/null); the test's stderr goes to $tmp_err.
    bash -c '"$@" </dev/null >/dev/null 2>"$0"; exit $?' "$tmp_err" \
        env "${envs[@]}" timeout 60 "$build_dir/$name" 2>/dev/null
    rc=$?
    end=$(date +%s.%N)
    if [ $rc -eq 0 ]; then
        passed=$((passed + 1))
        if [ "${CORPUS_VERBOSE:-0}" = 1 ]; then
            printf 'PASS %s (%s) %.2fs\n' "$name" "$label" \
                "$(echo "$end - $start" | bc)"
        fi
    else
        failed=$((failed + 1))
        echo "FAIL $name ($label): $(describe_failure "$name" $rc)"
    fi
}

# build_one SRC BIN: builds BIN unless it is newer than SRC and
# omp_test.h.  Runs of the corpus share BUILD_DIR (every runtime runs the
# same binaries), maybe at once: a lock per binary, and a binary appears
# whole (rename), so one run never executes what another is writing.
build_one() {
    local src=$1 bin=$2 rc=0
    exec 9>"$bin.lock" && flock 9 || return 1
    if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ] || [ "$src_dir/omp_test.h" -nt "$bin" ]; then
        if "$cc" "${cflags[@]}" "$src" -o "$bin.new.$$" 2>"$tmp_err"; then
            mv -f "$bin.new.$$" "$bin" || rc=1
        else
            rm -f "$bin.new.$$"
            rc=1
        fi
    fi
    exec 9>&-
    return $rc
}

shopt -s nullglob
sources=("$src_dir"/t_*.c)
if [ ${#sources[@]} -eq 0 ]; then
    echo "$0: no t_*.c in $src_dir" >&2
    exit 2
fi

for src in "${sources[@]}"; do
    name=$(basename "$src" .c)
    if [ -n "${CORPUS_FILTER:-}" ] && ! [[ $name =~ $CORPUS_FILTER ]]; then
        continue
    fi
    bin=$build_dir/$name
    if ! build_one "$src" "$bin"; then
        failed=$((failed + 1))
        echo "FAIL $name (build): $(grep -a -m1 -E 'error|undefined' "$tmp_err" \
            || head -n 1 "$tmp_err")"
        continue
    fi
    env_line=$(grep -m1 -E '^/\* env: .* \*/' "$src" \
        | sed -E 's|^/\* env: (.*) \*/.*$|\1|')
    if [ -n "$env_line" ]; then
        read -r -a env_vars <<<"$env_line"
        run_one "$name" "env: $env_line" "${env_vars[@]}"
    else
        for t in "${threads[@]}"; do
            run_one "$name" "OMP_NUM_THREADS=$t" "OMP_NUM_THREADS=$t"
        done
    fi
done

echo "corpus: $passed passed, $failed failed"
[ $failed -eq 0 ]

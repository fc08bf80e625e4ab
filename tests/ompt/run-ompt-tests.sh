#!/bin/bash
# run-ompt-tests.sh - build and run the OMPT event-sequence tests
# (tests/ompt/t_*.c): each program runs with the test tool (tool.c) and its
# output is matched against the CHECK lines of its source by ompt-check.py.
#
# usage: run-ompt-tests.sh BUILD_DIR [libparomp|libomp]
#
#   BUILD_DIR   paradbg's top build directory (it holds
#               target-runtime/omp/gompdir); binaries go to
#               BUILD_DIR/tests/ompt-build/RUNTIME (one directory per
#               runtime, so that both runs can go at once).
#   libparomp   (default) run every test on libparomp.
#   libomp      run the tests marked "// ALSO: libomp" on LLVM's libomp
#               (LIBOMP=path overrides where it is looked for), skip the
#               rest; OMPT_ALL=1 runs the unmarked ones too, to see where
#               libomp departs from the checks.
#
# Directives read from a test's source (one line each, first one wins):
#   // THREADS: n             OMP_NUM_THREADS (default 2)
#   // RUN-ENV: VAR=v ...     more environment (values without spaces)
#   // TOOL: library          do not link tool.o; name the tool's shared
#                             library in OMP_TOOL_LIBRARIES instead
#   // CFLAGS: flags          appended to gcc -fopenmp -O0 -g -rdynamic ...
#   // ALSO: libomp           also run it on libomp (see above)
#   // XFAIL-LIBOMP: reason   libomp is known to depart from OpenMP 5.1
#                             here (the reason says how): in libomp mode
#                             the test runs (ALSO: libomp is implied) and
#                             must build, run and start the tool as any
#                             test, but the checker must REJECT its output:
#                             "xfail NAME (reason)". If the checker accepts
#                             it, that is "FAIL NAME: libomp now agrees;
#                             drop XFAIL-LIBOMP". On libparomp the
#                             directive changes nothing.
#   // XFAIL-LIBOMP-AT: text  required with XFAIL-LIBOMP: the CHECK line
#                             the checker rejects libomp's output at must
#                             contain this text, so that another departure
#                             of libomp cannot hide behind the xfail.
# and the CHECK directives, which ompt-check.py reads.
#
# A test passes when it builds, exits 0 within 60 s, the tool reports that
# the OpenMP API came from the intended runtime, the runtime called
# ompt_start_tool, and the checker accepts the output. The checker's own
# self-test (selftest/) runs first. OMPT_FILTER=substring runs only the
# tests whose name contains it. All OMP_* and PARADBG_OMPT_* variables of
# the caller are removed.
#
# Output: "ok NAME", "xfail NAME (reason)", "skip NAME (...)" or "FAIL
# NAME: why" and the output, then a summary line. Exit status 0 only if nothing failed; 77 if libomp
# was asked for and is not installed.
set -u

usage() {
    echo "usage: $0 BUILD_DIR [libparomp|libomp]" >&2
    exit 2
}
[ $# -ge 1 ] && [ $# -le 2 ] || usage
[ -d "$1" ] || { echo "$0: no build directory '$1'" >&2; exit 2; }
top_builddir=$(cd "$1" && pwd)
runtime=${2:-libparomp}
case $runtime in libparomp | libomp) ;; *) usage ;; esac
src_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top_srcdir=$(cd "$src_dir/../.." && pwd)
cc=${CC:-gcc}
python=${PYTHON:-python3}
out_dir=$top_builddir/tests/ompt-build/$runtime

# find_libomp: the libomp.so.5 to test with (as bench/run-syncbench.sh).
find_libomp() {
    local c
    if [ -n "${LIBOMP:-}" ]; then
        [ -e "$LIBOMP" ] && echo "$LIBOMP"
        return
    fi
    for c in /usr/lib/llvm-14/lib/libomp.so.5 \
             /usr/lib/x86_64-linux-gnu/libomp.so.5 \
             /usr/lib/llvm-*/lib/libomp.so.5; do
        [ -e "$c" ] && { echo "$c"; return; }
    done
}

mkdir -p "$out_dir" || exit 2
case $runtime in
    libparomp)
        libdir=$top_builddir/target-runtime/omp/gompdir
        if [ ! -e "$libdir/libgomp.so.1" ]; then
            echo "$0: no libgomp.so.1 in $libdir (build libparomp first)" >&2
            exit 2
        fi ;;
    libomp)
        libomp=$(find_libomp)
        if [ -z "$libomp" ]; then
            echo "SKIP: LLVM libomp not found (set LIBOMP=path)"
            exit 77
        fi
        # The programs ask for libgomp.so.1; libomp implements its ABI.
        libdir=$out_dir/libomp
        mkdir -p "$libdir"
        ln -sfn "$(readlink -f "$libomp")" "$libdir/libgomp.so.1" ;;
    *) usage ;;
esac

# Start from an environment without any OMP_* or tool setting.
while IFS='=' read -r name _; do
    case $name in OMP_* | PARADBG_OMPT_*) unset "$name" ;; esac
done < <(env)

passed=0
failed=0
skipped=0
xfailed=0
fail() { # fail NAME WHY [OUTPUT_FILE [STDERR_FILE]]
    failed=$((failed + 1))
    echo "FAIL $1: $2"
    if [ -n "${3:-}" ] && [ -s "$3" ]; then
        echo "--- output ($(wc -l < "$3") lines) ---"
        head -n 300 "$3"
    fi
    if [ -n "${4:-}" ] && [ -s "$4" ]; then
        echo "--- stderr ---"
        head -n 50 "$4"
    fi
    [ -n "${3:-}" ] && echo "---"
}

# directive NAME FILE: the text after the first "// NAME:" in FILE.
directive() {
    sed -n -E "s|^.*//[[:space:]]*$1:[[:space:]]*(.*[^[:space:]])[[:space:]]*$|\\1|p" "$2" | head -n 1
}

# The checker's self-test: pass-* must pass, fail-* must fail (status 1),
# bad-* must be refused (status 2), each with its SELFTEST-EXPECT text.
selftest_ok=0
for checks in "$src_dir"/selftest/*.checks; do
    case=$(basename "$checks" .checks)
    case $case in pass-*) want=0 ;; fail-*) want=1 ;; *) want=2 ;; esac
    msg=$("$python" "$src_dir/ompt-check.py" "$checks" < "${checks%.checks}.out" 2>&1)
    rc=$?
    expect=$(directive SELFTEST-EXPECT "$checks")
    if [ $rc -ne $want ]; then
        fail "checker self-test $case" "status $rc, expected $want: $msg"
    elif [ -n "$expect" ] && [[ $msg != *"$expect"* ]]; then
        fail "checker self-test $case" "message lacks '$expect': $msg"
    else
        selftest_ok=$((selftest_ok + 1))
    fi
done
echo "checker self-test: $selftest_ok cases behaved"

# The tool, once as an object to link in and once as a shared library.
tool_flags=(-O0 -g -Wall -Wextra -Werror -I"$top_srcdir/include" -I"$src_dir")
tool_o=$out_dir/tool.o
tool_so=$out_dir/libparadbg-ompt-tool.so
if ! "$cc" "${tool_flags[@]}" -c -o "$tool_o" "$src_dir/tool.c" \
    || ! "$cc" "${tool_flags[@]}" -fPIC -shared -o "$tool_so" "$src_dir/tool.c" -ldl; then
    echo "FAIL: cannot build $src_dir/tool.c"
    exit 1
fi

case $runtime in
    libparomp) expect_runtime=libparomp ;;
    libomp) expect_runtime=libomp ;;
esac

shopt -s nullglob
for src in "$src_dir"/t_*.c; do
    name=$(basename "$src" .c)
    if [ -n "${OMPT_FILTER:-}" ] && [[ $name != *"$OMPT_FILTER"* ]]; then
        continue
    fi
    # Known departures of libomp: they run there, and must fail the checks.
    xfail=
    xfail_at=
    if [ "$runtime" = libomp ]; then
        xfail=$(directive XFAIL-LIBOMP "$src")
        xfail_at=$(directive XFAIL-LIBOMP-AT "$src")
    fi
    if [ "$runtime" = libomp ] && [ "${OMPT_ALL:-0}" != 1 ] && [ -z "$xfail" ] \
        && [ "$(directive ALSO "$src")" != libomp ]; then
        skipped=$((skipped + 1))
        echo "skip $name (not marked ALSO: libomp)"
        continue
    fi
    bin=$out_dir/$name
    out=$out_dir/$name.out
    err=$out_dir/$name.err
    rm -f "$bin" "$out" "$err"

    tool=$(directive TOOL "$src")
    read -r -a extra_cflags <<<"$(directive CFLAGS "$src")"
    link=("$tool_o")
    envs=("LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
    case $tool in
        '') ;;
        library) link=(); envs+=("OMP_TOOL_LIBRARIES=$tool_so") ;;
        *) fail "$name" "unknown TOOL '$tool' (only 'library')"; continue ;;
    esac
    # -O0 keeps frames and return addresses where the checks expect them.
    if ! "$cc" -fopenmp -O0 -g -rdynamic -Wall -Werror ${extra_cflags[@]+"${extra_cflags[@]}"} \
        -I"$top_srcdir/include" -I"$src_dir" -o "$bin" "$src" \
        ${link[@]+"${link[@]}"} -ldl 2>"$err"; then
        fail "$name" "does not build" "" "$err"
        continue
    fi

    threads=$(directive THREADS "$src")
    envs+=("OMP_NUM_THREADS=${threads:-2}")
    read -r -a run_env <<<"$(directive RUN-ENV "$src")"
    envs+=(${run_env[@]+"${run_env[@]}"})
    # The inner shell absorbs bash's "Segmentation fault" job report.
    bash -c 'o=$1 e=$2; shift 2; "$@" </dev/null >"$o" 2>"$e"' _ "$out" "$err" \
        env "${envs[@]}" timeout 60 "$bin" 2>/dev/null
    rc=$?
    if [ $rc -ne 0 ]; then
        if [ $rc -eq 124 ]; then why="timed out after 60 s"
        elif [ $rc -gt 128 ]; then why="killed by signal $((rc - 128))"
        else why="exit status $rc"; fi
        fail "$name" "$why" "$out" "$err"
        continue
    fi

    # The program must have run on the runtime under test.
    ran_on=$(sed -n 's/^0: tool_loaded runtime=//p' "$out" | head -n 1)
    if [ -z "$ran_on" ]; then
        fail "$name" "the tool was never loaded (the runtime ignored OMP_TOOL_LIBRARIES?)" "$out" "$err"
        continue
    fi
    case $ran_on in
        *"$expect_runtime"*) ;;
        *) fail "$name" "ran on $ran_on, not $expect_runtime" "$out" "$err"; continue ;;
    esac
    if ! grep -q '^0: start_tool ' "$out"; then
        fail "$name" "$expect_runtime never called ompt_start_tool" "$out" "$err"
        continue
    fi
    msg=$("$python" "$src_dir/ompt-check.py" "$src" < "$out" 2>&1)
    rc=$?
    if [ -n "$xfail" ]; then
        # Only a rejection (status 1) is the expected failure; status 2
        # means the test itself is broken.
        at_line=$(printf '%s\n' "$msg" | sed -n 's/^ompt-check: [^:]*:\([0-9][0-9]*\): .*/\1/p' | head -n 1)
        at_text=
        [ -n "$at_line" ] && at_text=$(sed -n "${at_line}p" "$src")
        if [ -z "$xfail_at" ]; then
            fail "$name" "XFAIL-LIBOMP needs XFAIL-LIBOMP-AT: the text of the CHECK line libomp fails" "$out" "$err"
        elif [ $rc -eq 1 ] && [[ $at_text == *"$xfail_at"* ]]; then
            xfailed=$((xfailed + 1))
            echo "xfail $name ($xfail)"
        elif [ $rc -eq 1 ]; then
            fail "$name" "libomp departs elsewhere than at a line with '$xfail_at': $msg" "$out" "$err"
        elif [ $rc -eq 0 ]; then
            fail "$name" "libomp now agrees; drop XFAIL-LIBOMP ($xfail)" "$out" "$err"
        else
            fail "$name" "$msg" "$out" "$err"
        fi
        continue
    fi
    if [ $rc -ne 0 ]; then
        fail "$name" "$msg" "$out" "$err"
        continue
    fi
    passed=$((passed + 1))
    echo "ok $name"
done

echo "ompt ($runtime): $passed passed, $failed failed, $skipped skipped, $xfailed xfail"
[ $failed -eq 0 ]

#!/usr/bin/env bash
# run-syncbench.sh - compare OpenMP synchronisation overheads of libparomp,
# the system libgomp and LLVM libomp with one syncbench binary, and measure
# what debugger support costs libparomp (OMP_DEBUG=enabled, an OMPT tool).
#
# usage: run-syncbench.sh PAROMP_LIBDIR [THREADS...]
#
#   PAROMP_LIBDIR  directory containing libparomp's libgomp.so.1
#   THREADS        OpenMP thread counts, one table each (default: 1 2 4 8;
#                  1 gives the serial cost of a construct, counts above the
#                  number of CPUs are oversubscribed: their ratios are
#                  reported, but the target is for the counts that fit)
#
# syncbench.c is compiled once with gcc -fopenmp against the system libgomp.
# The same binary is then run on each runtime by putting a directory that
# holds a libgomp.so.1 first in LD_LIBRARY_PATH (for libomp: a temporary
# directory with a libgomp.so.1 symlink to libomp.so.5).  Before measuring,
# the script checks that each runtime exports the symbols the binary needs
# and that the library actually loaded is the intended one; every run
# re-checks the runtime path that syncbench reports.
#
# Measurement: ROUNDS rounds; in each round every construct is measured on
# the three runtimes back to back (one short syncbench process each, order
# rotated), so a burst of load from other processes hits all runtimes about
# equally.  Runs during which other processes used more than BUSY_PCT % of
# the CPUs (syncbench reports this from /proc/stat) are discarded, as long
# as at least 3 clean rounds remain for that construct and runtime.  The
# table shows the median over the remaining rounds.
#
# Environment knobs (all optional):
#   ROUNDS=9        rounds (each: every construct on every runtime)
#   REPS=21         syncbench --reps  (outer samples per construct and run)
#   TIME_MS=2       syncbench --time-ms (target duration of one sample)
#   ONLY=LIST       syncbench --only  (e.g. ONLY=barrier,task)
#   TARGET=1.0      ratio above which a row counts as missing the target
#   BUSY_PCT=10     discard runs disturbed by more foreign load than this
#   LIBOMP=PATH     libomp.so.5 to use (default: found automatically)
#   CC=gcc          compiler
#   KEEP=1          keep the build/result directory and print its path
#   VARIANTS=1      also run libparomp with OMP_DEBUG=enabled and with an
#                   OMPT tool that registers every callback and does nothing
#                   (tests/progs/ompt_noop_tool.c); 0 skips them
#   DEBUG_TARGET=1.1  ratio to plain libparomp above which an OMP_DEBUG row
#                   counts as missing its target
#
# Exit status: 0 after printing the table (whatever the ratios), 2 on usage
# errors or a missing PAROMP_LIBDIR/libgomp.so.1, 1 on other failures.

set -euo pipefail

prog=run-syncbench
die() { echo "$prog: error: $*" >&2; exit 1; }

if [ $# -lt 1 ] || [ "${1:-}" = -h ] || [ "${1:-}" = --help ]; then
    echo "usage: $0 PAROMP_LIBDIR [THREADS...]" >&2
    exit 2
fi
if [ ! -e "$1/libgomp.so.1" ]; then
    echo "$prog: error: no libgomp.so.1 in PAROMP_LIBDIR '$1' (build libparomp first)" >&2
    exit 2
fi
PAROMP_DIR=$(cd "$1" && pwd -P)
shift
[ $# -gt 0 ] || set -- 1 2 4 8
for t in "$@"; do
    case $t in
        '' | *[!0-9]* | 0)
            echo "$prog: error: THREADS must be positive integers, got '$t'" >&2
            exit 2 ;;
    esac
done
# Several counts: one run of this script per count, one table each.
if [ $# -gt 1 ]; then
    status=0
    for t in "$@"; do
        "$0" "$PAROMP_DIR" "$t" || status=$?
        echo
    done
    exit $status
fi
THREADS=$1
ncpu=$(nproc 2>/dev/null || echo 1)

ROUNDS=${ROUNDS:-9}
REPS=${REPS:-21}
TIME_MS=${TIME_MS:-2}
TARGET=${TARGET:-1.0}
BUSY_PCT=${BUSY_PCT:-10}
CC=${CC:-gcc}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
src=$here/syncbench.c
[ -f "$src" ] || die "cannot find $src"

work=$(mktemp -d "${TMPDIR:-/tmp}/syncbench.XXXXXX")
cleanup() {
    if [ "${KEEP:-0}" = 1 ]; then
        echo "$prog: results kept in $work" >&2
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT

# --- build -------------------------------------------------------------------
bin=$work/syncbench
"$CC" -fopenmp -O2 -o "$bin" "$src" || die "compiling $src failed"
VARIANTS=${VARIANTS:-1}
DEBUG_TARGET=${DEBUG_TARGET:-1.1}
noop_src=$here/../tests/progs/ompt_noop_tool.c
noop=$work/ompt-noop-tool.so   # not lib*omp*.so: the check below counts those
if [ "$VARIANTS" = 1 ]; then
    "$CC" -shared -fPIC -O2 -I"$here/../include" -o "$noop" "$noop_src" ||
        die "compiling $noop_src failed"
fi

# --- locate LLVM libomp --------------------------------------------------------
find_libomp() {
    local c
    if [ -n "${LIBOMP:-}" ]; then
        [ -e "$LIBOMP" ] && { echo "$LIBOMP"; return 0; }
        return 1
    fi
    for c in /usr/lib/llvm-14/lib/libomp.so.5 \
             /usr/lib/x86_64-linux-gnu/libomp.so.5 \
             /usr/lib/llvm-*/lib/libomp.so.5 \
             /usr/lib/llvm-*/lib/libomp.so \
             /usr/local/lib/libomp.so.5 /usr/local/lib/libomp.so; do
        [ -e "$c" ] && { echo "$c"; return 0; }
    done
    c=$(ldconfig -p 2>/dev/null | awk '/libomp\.so(\.5)? /{print $NF; exit}')
    [ -n "$c" ] && [ -e "$c" ] && { echo "$c"; return 0; }
    return 1
}

# Runtimes: name, LD_LIBRARY_PATH directory ("" = the system libgomp, run
# with LD_LIBRARY_PATH removed from the environment) and extra settings.
names=(libparomp libgomp)
dirs=("$PAROMP_DIR" "")
extra=("" "")
if libomp=$(find_libomp); then
    libomp=$(readlink -f "$libomp")
    mkdir "$work/libomp"
    ln -s "$libomp" "$work/libomp/libgomp.so.1"
    names+=(libomp)
    dirs+=("$work/libomp")
    extra+=("")
else
    echo "$prog: warning: LLVM libomp not found (set LIBOMP=path); libomp column will be empty" >&2
fi
if [ "$VARIANTS" = 1 ]; then
    names+=(paromp+debug paromp+ompt)
    dirs+=("$PAROMP_DIR" "$PAROMP_DIR")
    extra+=("OMP_DEBUG=enabled" "OMP_TOOL_LIBRARIES=$noop")
fi
nrt=${#names[@]}

run_env() { # run_env INDEX CMD...  -- run CMD with runtime INDEX loaded
    local d=${dirs[$1]} x=${extra[$1]}
    shift
    if [ -z "$d" ]; then
        env -u LD_LIBRARY_PATH OMP_NUM_THREADS="$THREADS" OMP_PROC_BIND=false "$@"
    else
        env LD_LIBRARY_PATH="$d" OMP_NUM_THREADS="$THREADS" OMP_PROC_BIND=false $x "$@"
    fi
}

# --- check that every runtime provides what syncbench needs --------------------
# OpenMP symbols the binary imports (names only; symbol versions such as
# GOMP_parallel@GOMP_4.0 are checked by the dynamic loader below).
needed=$(nm -D --undefined-only "$bin" | awk '{sub(/@.*/, "", $2); print $2}' |
         grep -E '^(GOMP_|omp_)' || true)
[ -n "$needed" ] || die "syncbench imports no GOMP_/omp_ symbols?"

declare -a real
for ((i = 0; i < nrt; i++)); do
    name=${names[$i]}
    if [ -n "${dirs[$i]}" ]; then
        lib=$(readlink -f "${dirs[$i]}/libgomp.so.1")
        have=$(nm -D --defined-only "$lib" 2>/dev/null | awk '{sub(/@.*/, "", $3); print $3}' || true)
        missing=$(comm -23 <(sort -u <<<"$needed") <(sort -u <<<"$have") | tr '\n' ' ')
        [ -z "$missing" ] || die "$name ($lib) does not export: $missing"
    fi
    # LD_BIND_NOW makes the loader resolve every symbol (and version) up
    # front, so a missing one fails here and not in the middle of a run.
    out=$(run_env "$i" env LD_BIND_NOW=1 "$bin" --which 2>&1) ||
        die "syncbench does not start on $name: $out"
    real[$i]=$(sed -n 's/^runtime: //p' <<<"$out")
    flavor=$(sed -n 's/^flavor: //p' <<<"$out")
    nmapped=$(grep -c '^mapped: .*lib[^/]*omp[^/]*\.so' <<<"$out" || true)
    [ "$nmapped" = 1 ] || die "$name: expected exactly one OpenMP runtime mapped, got:
$out"
    case $name in
        libparomp | paromp+*)
            want=$(readlink -f "$PAROMP_DIR/libgomp.so.1")
            [ "${real[$i]}" = "$want" ] || die "libparomp run loaded ${real[$i]}, not $want" ;;
        libomp)
            [ "${real[$i]}" = "$libomp" ] && [ "$flavor" = llvm-libomp ] ||
                die "libomp run loaded ${real[$i]} ($flavor), not $libomp" ;;
        libgomp)
            [ "$flavor" = gomp-abi ] || die "system run loaded ${real[$i]} ($flavor)" ;;
    esac
done

# --- constructs to measure (ONLY) -------------------------------------------------
listargs=(--list)
[ -n "${ONLY:-}" ] && listargs+=(--only "$ONLY")
list=$("$bin" "${listargs[@]}" 2>&1) || die "bad ONLY='${ONLY:-}': $(head -n 1 <<<"$list")"
cons=()
while IFS= read -r c; do [ -n "$c" ] && cons+=("$c"); done <<<"$list"
[ ${#cons[@]} -gt 0 ] || die "no constructs selected (ONLY='${ONLY:-}')"
case $ROUNDS in '' | *[!0-9]* | 0) die "ROUNDS must be a positive integer" ;; esac

over=""
[ "$THREADS" -gt "$ncpu" ] && over=" (oversubscribed: $ncpu CPUs; ratios reported, no target)"
echo "syncbench: $THREADS threads$over, $ROUNDS rounds x (reps $REPS, ${TIME_MS} ms/sample), OMP_PROC_BIND=false"
for ((i = 0; i < nrt; i++)); do
    printf '  %-13s %s%s\n' "${names[$i]}" "${real[$i]}" "${extra[$i]:+ with ${extra[$i]}}"
done
if [ "${real[0]}" = "${real[1]}" ]; then
    echo "  note: libparomp and libgomp are the same file: p/gomp shows the measurement noise"
fi
env | grep -E '^(OMP_|GOMP_|KMP_)' | grep -vE '^(OMP_NUM_THREADS|OMP_PROC_BIND)=' |
    sed 's/^/  note: inherited /' || true

# --- measure -------------------------------------------------------------------
# One short syncbench process per (round, construct, runtime); the three
# runtimes measure the same construct back to back, in an order rotated over
# rounds and constructs.
res=$work/results    # lines: runtime,construct,overhead_us,ref_us,busy_pct
: >"$res"
: >"$work/warnings"
for ((r = 0; r < ROUNDS; r++)); do
    for ((ci = 0; ci < ${#cons[@]}; ci++)); do
        c=${cons[$ci]}
        [ -t 2 ] && printf '\r\033[K  round %d/%d  %s' $((r + 1)) "$ROUNDS" "$c" >&2
        for ((k = 0; k < nrt; k++)); do
            i=$(((r + ci + k) % nrt))
            n=${names[$i]}
            run_env "$i" "$bin" --csv --reps "$REPS" --time-ms "$TIME_MS" --only "$c" \
                >"$work/out" 2>"$work/err" ||
                die "$n run failed: $(tail -n 3 "$work/err")"
            # the run's own header must name the runtime we meant to test
            got=$(sed -n 's/^# runtime: //p' "$work/err")
            [ "$got" = "${real[$i]}" ] || die "$n run reported runtime '$got'"
            busy=$(sed -n 's/^# load: .*other_pct=\([0-9.]*\).*/\1/p' "$work/err")
            line=$(grep -m1 "^$c," "$work/out") || die "$n run printed no result for $c"
            echo "$n,$line,${busy:-0}" >>"$res"
            sed -n "s/^# warning: /  $n: /p" "$work/err" >>"$work/warnings"
        done
    done
done
[ -t 2 ] && printf '\r\033[K' >&2

# --- report --------------------------------------------------------------------
awk -F, -v target="$TARGET" -v over="${over:+1}" -v busy_max="$BUSY_PCT" -v min_clean=$((ROUNDS < 3 ? ROUNDS : 3)) -v has_omp=$([ -n "${libomp:-}" ] && echo 1 || echo 0) '
function quant(a, n, q,   pos, lo) {    # a[1..n] sorted ascending
    pos = 1 + q * (n - 1); lo = int(pos)
    return (lo >= n) ? a[n] : a[lo] + (pos - lo) * (a[lo + 1] - a[lo])
}
# median over rounds of one runtime/construct; sets iqr_pct[key] and used[key]
function stat(key,   n, i, j, t, a, clean, m) {
    n = 0
    for (i = 1; i <= cnt[key]; i++) if (busy[key, i] <= busy_max) clean++
    for (i = 1; i <= cnt[key]; i++)
        if (clean < min_clean || busy[key, i] <= busy_max) a[++n] = val[key, i]
    used[key] = n; dirty[key] = (clean < min_clean)
    if (n == 0) return ""
    for (i = 2; i <= n; i++) {          # insertion sort, n is small
        t = a[i]
        for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]
        a[j + 1] = t
    }
    m = quant(a, n, 0.5)
    iqr_pct[key] = (m > 0) ? 100 * (quant(a, n, 0.75) - quant(a, n, 0.25)) / m : 0
    return m
}
function rat(a, b) { return (a == "" || b == "" || b <= 0) ? "n/a" : sprintf("%.2f", a / b) }
{
    rt = $1; c = $2
    if (!(c in seen)) { seen[c] = 1; order[++nc] = c }
    k = rt SUBSEP c
    val[k, ++cnt[k]] = $3 + 0
    busy[k, cnt[k]] = $5 + 0
    runs++; if ($5 + 0 > busy_max) dropped++
}
END {
    fmt = "%-13s | %12s | %10s | %10s | %6s | %6s | %6s | %5s\n"
    printf fmt, "construct", "libparomp us", "libgomp us", "libomp us", "ratio",
           "p/gomp", "p/omp", "iqr%"
    print "--------------+--------------+------------+------------+--------+--------+--------+------"
    above = 0; rows = 0; na = 0; ndirty = 0
    for (i = 1; i <= nc; i++) {
        c = order[i]
        kp = "libparomp" SUBSEP c; kg = "libgomp" SUBSEP c; ko = "libomp" SUBSEP c
        p = stat(kp); g = stat(kg); o = has_omp ? stat(ko) : ""
        best = g
        if (o != "" && o < best) best = o
        rows++
        ratio = rat(p, best)
        mark = ""
        if (ratio == "n/a") na++
        else if (!over && p / best > target) { above++; mark = "  <-- above " target }
        sp = iqr_pct[kp]
        if (iqr_pct[kg] > sp) sp = iqr_pct[kg]
        if (o != "" && iqr_pct[ko] > sp) sp = iqr_pct[ko]
        if (dirty[kp] || dirty[kg] || (o != "" && dirty[ko])) { mark = mark "  (busy machine)"; ndirty++ }
        printf "%-13s | %12.3f | %10.3f | %10s | %6s | %6s | %6s | %4.0f%%%s\n", c, p, g,
               (o == "" ? "-" : sprintf("%.3f", o)), ratio, rat(p, g), rat(p, o), sp, mark
    }
    if (over)
        printf "\noversubscribed: no target (ratio = libparomp / min(libgomp, libomp))"
    else
        printf "\n%d of %d rows above the %s target (ratio = libparomp / min(libgomp, libomp))", above, rows, target
    if (na) printf "; %d row(s) n/a (non-positive baseline overhead)", na
    printf "\n"
    printf "%d of %d runs discarded: other processes used more than %s%% of the CPUs during them\n",
           dropped, runs, busy_max
    if (ndirty)
        printf "WARNING: %d row(s) had fewer than %d undisturbed rounds (all rounds used); the machine is busy, rerun when it is quiet\n", ndirty, min_clean
}' "$res"

if [ -s "$work/warnings" ]; then
    echo "note: some runs stopped sampling early because the machine was too busy:"
    sort "$work/warnings" | uniq -c | sed 's/^ */  /'
fi

# --- what debugger support costs libparomp ---------------------------------------
if [ "$VARIANTS" = 1 ]; then
    echo
    awk -F, -v target="$DEBUG_TARGET" '
    function median(key,   n, i, j, t, a) {
        n = cnt[key]
        for (i = 1; i <= n; i++) a[i] = val[key, i]
        for (i = 2; i <= n; i++) {
            t = a[i]
            for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]
            a[j + 1] = t
        }
        return n == 0 ? "" : (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2)
    }
    function rat(a, b) { return (a == "" || b == "" || b <= 0) ? "n/a" : sprintf("%.2f", a / b) }
    {
        if (!($2 in seen)) { seen[$2] = 1; order[++nc] = $2 }
        k = $1 SUBSEP $2; val[k, ++cnt[k]] = $3 + 0
    }
    END {
        fmt = "%-13s | %12s | %12s | %12s | %7s | %7s\n"
        printf fmt, "construct", "plain us", "OMP_DEBUG us", "OMPT tool us", "debug/p", "ompt/p"
        print "--------------+--------------+--------------+--------------+---------+--------"
        above = 0
        for (i = 1; i <= nc; i++) {
            c = order[i]
            p = median("libparomp" SUBSEP c); d = median("paromp+debug" SUBSEP c)
            o = median("paromp+ompt" SUBSEP c)
            r = rat(d, p); mark = ""
            if (r != "n/a" && d / p > target) { above++; mark = "  <-- above " target }
            printf "%-13s | %12.3f | %12.3f | %12.3f | %7s | %7s%s\n", c, p, d, o, r, rat(o, p), mark
        }
        printf "\n%d of %d rows with OMP_DEBUG=enabled above %s x plain libparomp (medians of all rounds)\n", above, nc, target
    }' "$res"
fi

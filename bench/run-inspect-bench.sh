#!/bin/sh
# Times paradbg-inspect listing the threads of programs with 1024 and 4096
# OpenMP threads (bench/manythreads.c), from a core and live, from process
# start to exit, and counts its memory reads.  The peer is GDB listing the
# same threads ("info threads", no OpenMP state) on the same core and
# process.  Best of ROUNDS runs each; ratios are paradbg-inspect / gdb.
#
# usage: bench/run-inspect-bench.sh BUILD_DIR [COUNTS]    e.g. _build "1024 4096"
set -eu
build=$(cd "${1:?usage: run-inspect-bench.sh BUILD_DIR [COUNTS]}" && pwd)
counts=${2:-1024 4096}
rounds=${ROUNDS:-5}
here=$(cd "$(dirname "$0")" && pwd)
inspect=$build/inspect/paradbg-inspect
work=$(mktemp -d "${TMPDIR:-/tmp}/inspect-bench.XXXXXX")
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$work"' EXIT
gcc -fopenmp -O2 -g -o "$work/manythreads" "$here/manythreads.c"

# best SECONDS of ROUNDS runs of a command
best() {
  b=
  for _ in $(seq "$rounds"); do
    s=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || { echo "bench: failed: $*" >&2; exit 1; }
    e=$(date +%s.%N)
    b=$(echo "$s $e ${b:-}" | awk '{ t = $2 - $1; if ($3 != "" && $3 < t) t = $3; printf "%.4f", t }')
  done
  echo "$b"
}

printf '%-8s %-6s %12s %12s %8s %14s\n' threads target inspect_s gdb_s ratio memory_reads
for n in $counts; do
  OMP_STACKSIZE=64K MALLOC_ARENA_MAX=1 OMP_WAIT_POLICY=passive \
    LD_LIBRARY_PATH=$build/target-runtime/omp/gompdir "$work/manythreads" "$n" > "$work/out" 2>&1 &
  pid=$!
  until grep -q ready "$work/out"; do
    kill -0 $pid 2>/dev/null || { cat "$work/out"; exit 1; }
    sleep 0.2
  done
  # check the states before timing anything
  "$inspect" -p $pid > "$work/threads.txt"
  waits=$(grep -c wait_lock "$work/threads.txt" || true)
  bars=$(grep -c wait_barrier "$work/threads.txt" || true)
  [ "$waits" -eq $((n / 2)) ] && [ "$bars" -eq $(((n - 1) / 2)) ] \
    || { echo "bench: $n threads: $waits lock waiters, $bars at the barrier" >&2; exit 1; }
  reads=$("$inspect" --stats -p $pid 2>&1 >/dev/null | sed -n 's/.*, \([0-9]*\) memory reads/\1/p')
  ti=$(best "$inspect" -p $pid threads)
  tg=$(best gdb -nx -batch -p $pid -ex "info threads")
  printf '%-8s %-6s %12s %12s %8s %14s\n' "$n" live "$ti" "$tg" "$(echo "$ti $tg" | awk '{printf "%.3f", $1/$2}')" "$reads"
  gcore -o "$work/core" $pid > /dev/null 2>&1
  kill -9 $pid; wait $pid 2>/dev/null || true
  core=$work/core.$pid
  pid=
  reads=$("$inspect" --stats "$core" 2>&1 >/dev/null | sed -n 's/.*, \([0-9]*\) memory reads/\1/p')
  ti=$(best "$inspect" "$core" threads)
  tg=$(best gdb -nx -batch -ex "info threads" "$work/manythreads" "$core")
  printf '%-8s %-6s %12s %12s %8s %14s\n' "$n" core "$ti" "$tg" "$(echo "$ti $tg" | awk '{printf "%.3f", $1/$2}')" "$reads"
  rm -f "$core"
done

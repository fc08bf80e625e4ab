#!/bin/sh
# Times the paradbg GDB package: "info openmp threads" on programs with 1024
# (and more) OpenMP threads (bench/manythreads.c), live and from a core,
# against GDB's own "info threads" on the same target; and a run of
# bench/gdbloop.c under GDB with a breakpoint it stops at and ignores
# thousands of times, with the package loaded (no catchpoint) and without
# (the "run" itself, timed in GDB: loading the package is not counted).
# Each time is measured inside GDB around the command, which runs ROUNDS
# times in one GDB: "first" is the first run after GDB attached or loaded
# the core (what a user waits for), "again" the best of the others (the
# package keeps what it read while the program stands still, and GDB keeps
# its own caches).
#
# usage: bench/run-gdb-bench.sh BUILD_DIR [COUNTS]    e.g. _build "1024 2048"
set -eu
build=$(cd "${1:?usage: run-gdb-bench.sh BUILD_DIR [COUNTS]}" && pwd)
counts=${2:-1024}
rounds=${ROUNDS:-5}
here=$(cd "$(dirname "$0")" && pwd)
loader=$build/gdb-plugin/paradbg-gdb.py
gompdir=$build/target-runtime/omp/gompdir
work=$(mktemp -d "${TMPDIR:-/tmp}/gdb-bench.XXXXXX")
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$work"' EXIT
gcc -fopenmp -O2 -g -o "$work/manythreads" "$here/manythreads.c"
gcc -fopenmp -O2 -g -o "$work/gdbloop" "$here/gdbloop.c"

# the first time and the best of the other ROUNDS - 1 runs of one GDB
# command, measured in GDB
cat > "$work/time.py" <<'PY'
import os, time, gdb
cmd, rounds = os.environ["BENCH_CMD"], max(2, int(os.environ["BENCH_ROUNDS"]))
times = []
for _ in range(rounds):
    t = time.perf_counter()
    out = gdb.execute(cmd, to_string=True)
    times.append(time.perf_counter() - t)
print("BENCH %.4f %.4f %d" % (times[0], min(times[1:]), out.count("wait_lock")))
PY
timed() {   # timed CMD GDB-ARGS...: "first-seconds again-seconds lock-waiters"
  cmd=$1
  shift
  BENCH_CMD=$cmd BENCH_ROUNDS=$rounds gdb -nx --batch -ex "source $loader" "$@" -x "$work/time.py" 2>/dev/null \
    | sed -n 's/^BENCH //p'
}

printf '%-8s %-6s %14s %14s %14s %14s %8s %8s\n' threads target openmp_first_s openmp_again_s \
  info_thr_first_s info_thr_again_s r_first r_again
for n in $counts; do
  OMP_STACKSIZE=64K MALLOC_ARENA_MAX=1 OMP_WAIT_POLICY=passive \
    LD_LIBRARY_PATH=$gompdir "$work/manythreads" "$n" > "$work/out" 2>&1 &
  pid=$!
  until grep -q ready "$work/out"; do
    kill -0 $pid 2>/dev/null || { cat "$work/out"; exit 1; }
    sleep 0.2
  done
  for target in live core; do
    if [ $target = live ]; then args="-p $pid"; else
      gcore -o "$work/core" $pid > /dev/null 2>&1
      args="$work/manythreads $work/core.$pid"
    fi
    set -- $(timed "info openmp threads" $args)
    of=$1 oa=$2 locks=$3
    [ "$locks" -eq $((n / 2)) ] || { echo "bench: $n threads: $locks lock waiters listed" >&2; exit 1; }
    set -- $(timed "info threads" $args)
    printf '%-8s %-6s %14s %14s %14s %14s %8s %8s\n' "$n" $target "$of" "$oa" "$1" "$2" \
      "$(echo "$of $1" | awk '{printf "%.2f", $1/$2}')" "$(echo "$oa $2" | awk '{printf "%.2f", $1/$2}')"
  done
  kill -9 $pid; wait $pid 2>/dev/null || true; pid=
  rm -f "$work/core.$pid"
done

# continue: GDB stops at tick() 4 N times and resumes, with and without us
loops=${LOOPS:-500}
run_loop() {   # run_loop [GDB-ARGS...]: seconds of "run" to the end, timed in GDB
  gdb -nx --batch "$@" -ex "set environment LD_LIBRARY_PATH $gompdir" -ex "break tick" \
    -ex "ignore 1 1000000" -ex "python import time; t0 = time.perf_counter()" -ex run \
    -ex "python print('RUN %.4f' % (time.perf_counter() - t0))" \
    --args "$work/gdbloop" "$loops" > "$work/cont.out" 2>&1
  grep -q "exited normally" "$work/cont.out" || { cat "$work/cont.out" >&2; exit 1; }
  sed -n 's/^RUN //p' "$work/cont.out"
}
cont() {   # cont LOAD(0|1): best seconds of ROUNDS runs
  b=
  for _ in $(seq "$rounds"); do
    if [ "$1" = 1 ]; then t=$(run_loop -ex "source $loader"); else t=$(run_loop); fi
    b=$(echo "$t ${b:-}" | awk '{ t = $1; if ($2 != "" && $2 < t) t = $2; printf "%.4f", t }')
  done
  echo "$b"
}
without=$(cont 0)
with=$(cont 1)
echo
printf '%-28s %10s %10s %8s\n' "run, $((4 * loops)) stops" without_s with_s ratio
printf '%-28s %10s %10s %8s\n' "break tick; ignore; run" "$without" "$with" "$(echo "$with $without" | awk '{printf "%.3f", $1/$2}')"

#!/bin/sh
# Times "why is it stuck?" at scale, from process start to exit, best of
# ROUNDS runs, with the peak memory (max RSS) of one more run:
#  1. paradbg-inspect's stacks (merged stack tree) and waits (wait-for
#     graph) on the core of a program of 4096 OpenMP threads
#     (bench/manythreads.c: a lock pile-up and a barrier).  Aim: under 1 s.
#     Peers, printing every thread's stack from the same core: elfutils'
#     eu-stack and GDB's "thread apply all bt"; the ratio is against the
#     faster of them.
#  2. paradbg-inspect -p PID --all-images stacks over the 64 live images
#     of bench/cafhang.f90 (one tree, each image stopped in turn).  Aim:
#     under 2 s.  Peer: eu-stack -p on each image, one after another (what
#     one would script without paradbg).
# Tools that are not installed are left out of the peers.  ROUNDS (3) and
# PEER_ROUNDS (1) set how many runs each takes.
#
# usage: bench/run-hang-bench.sh BUILD_DIR [THREADS] [IMAGES]   e.g. _build 4096 64
set -eu
build=$(cd "${1:?usage: run-hang-bench.sh BUILD_DIR [THREADS] [IMAGES]}" && pwd)
threads=${2:-4096}
images=${3:-64}
rounds=${ROUNDS:-3}
peer_rounds=${PEER_ROUNDS:-1}   # the peers take minutes on a big core: once
here=$(cd "$(dirname "$0")" && pwd)
# The program itself, not libtool's wrapper script (a quarter of a second
# per run): it finds libparadbg through LD_LIBRARY_PATH.
inspect=$build/inspect/.libs/paradbg-inspect
[ -x "$inspect" ] || inspect=$build/inspect/paradbg-inspect
export LD_LIBRARY_PATH=$build/libparadbg/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
work=$(mktemp -d "${TMPDIR:-/tmp}/hang-bench.XXXXXX")
pid=
trap '[ -n "$pid" ] && pkill -9 -P $pid 2>/dev/null; [ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$work"' EXIT
[ -x /usr/bin/time ] || { echo "bench: needs GNU time (/usr/bin/time) for the memory" >&2; exit 2; }

# "SECONDS MiB": the best elapsed time of N runs of a command and the
# most memory (max RSS) one of them used
measure() {
  n=$1; shift
  b=; m=0
  for _ in $(seq "$n"); do
    /usr/bin/time -f '%e %M' -o "$work/time" "$@" > /dev/null 2>&1 || { echo "bench: failed: $*" >&2; exit 1; }
    read -r e k < "$work/time"
    b=$(echo "$e ${b:-}" | awk '{ t = $1; if ($2 != "" && $2 < t) t = $2; printf "%.3f", t }')
    m=$(echo "$k $m" | awk '{ print ($1 > $2) ? $1 : $2 }')
  done
  echo "$b $(echo "$m" | awk '{ printf "%.1f", $1 / 1024 }')"
}

ratio() { echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2f", $1 / $2; else print "-" }'; }

row() { printf '%-34s %9s %9s %13s %s\n' "$@"; }

# --- 1. a core of THREADS OpenMP threads -----------------------------------
gcc -fopenmp -O2 -g -o "$work/manythreads" "$here/manythreads.c"
OMP_STACKSIZE=64K MALLOC_ARENA_MAX=1 OMP_WAIT_POLICY=passive \
  LD_LIBRARY_PATH=$build/target-runtime/omp/gompdir "$work/manythreads" "$threads" > "$work/out" 2>&1 &
pid=$!
until grep -q ready "$work/out"; do
  kill -0 $pid 2>/dev/null || { cat "$work/out"; exit 1; }
  sleep 0.2
done
gcore -o "$work/core" $pid > /dev/null 2>&1
kill -9 $pid; wait $pid 2>/dev/null || true
core=$work/core.$pid
pid=
exe=$work/manythreads
# check what is timed before timing it: every thread in the tree, and the
# lock pile-up named
"$inspect" "$core" "$exe" stacks > "$work/stacks.txt"
head -1 "$work/stacks.txt" | grep -q "^$threads threads" \
  || { echo "bench: the tree does not hold $threads threads:" >&2; head -3 "$work/stacks.txt" >&2; exit 1; }
"$inspect" "$core" "$exe" waits > "$work/waits.txt"
grep -q 'qlock' "$work/waits.txt" || { echo "bench: waits does not name qlock:" >&2; head -3 "$work/waits.txt" >&2; exit 1; }

echo "# $threads OpenMP threads, from a core (best of $rounds, peers: of $peer_rounds; ratio: against the faster peer)"
row what seconds max_MiB memory_reads ratio
peer=
if command -v eu-stack > /dev/null; then
  set -- $(measure "$peer_rounds" eu-stack --core "$core" -e "$exe")
  row "eu-stack --core (peer)" "$1" "$2" - -
  peer=$1
fi
set -- $(measure "$peer_rounds" gdb -nx -batch -ex "thread apply all bt" "$exe" "$core")
row "gdb thread apply all bt (peer)" "$1" "$2" - -
peer=$(echo "$1 ${peer:-}" | awk '{ m = $1; if ($2 != "" && $2 < m) m = $2; print m }')
for what in stacks waits; do
  set -- $(measure "$rounds" "$inspect" "$core" "$exe" "$what")
  reads=$("$inspect" --stats "$core" "$exe" "$what" 2>&1 >/dev/null | sed -n 's/.*, \([0-9]*\) memory reads/\1/p')
  row "paradbg-inspect $what" "$1" "$2" "${reads:-?}" "$(ratio "$1" "$peer")"
done
rm -f "$core"

# --- 2. IMAGES live coarray images, merged -----------------------------------
PARADBG_LIBDIR=$build/target-runtime/caf/.libs "$build/target-runtime/caf/paradbg-caf" -O1 -g \
  -J "$work" -o "$work/cafhang" "$here/cafhang.f90"
rm -f "$work"/ready.*
(cd "$work" && GFORTRAN_NUM_IMAGES=$images GFORTRAN_SHARED_MEMORY_SIZE=$((images * 256))K exec ./cafhang) > "$work/out" 2>&1 &
pid=$!
i=0
until [ "$(ls "$work" | grep -c '^ready\.')" -ge "$images" ]; do
  kill -0 $pid 2>/dev/null || { cat "$work/out"; exit 1; }
  i=$((i + 1)); [ $i -lt 1200 ] || { echo "bench: the images did not start" >&2; exit 1; }
  sleep 0.1
done
sleep 1
img=$(pgrep -P $pid | sort -n | head -1)
"$inspect" -p "$img" --all-images stacks > "$work/all.txt"
grep -q "images 1-$images" "$work/all.txt" \
  || { echo "bench: the tree does not hold images 1-$images:" >&2; head -5 "$work/all.txt" >&2; exit 1; }
echo
echo "# $images live coarray images, every image's stacks (best of $rounds, peer: of $peer_rounds)"
row what seconds max_MiB - ratio
pids=$(pgrep -P $pid | sort -n | tr '\n' ' ')
each() { for p in $pids; do "$@" "$p" > /dev/null 2>&1 || return 1; done; }
peer=
if command -v eu-stack > /dev/null; then
  t0=$(date +%s.%N)
  for _ in $(seq "$peer_rounds"); do each eu-stack -p || { echo "bench: eu-stack failed" >&2; exit 1; }; done
  t1=$(date +%s.%N)
  peer=$(echo "$t0 $t1 $peer_rounds" | awk '{ printf "%.3f", ($2 - $1) / $3 }')
  row "eu-stack -p, each image (peer)" "$peer" - - -
fi
set -- $(measure "$rounds" "$inspect" -p "$img" --all-images stacks)
row "paradbg-inspect --all-images stacks" "$1" "$2" - "$( [ -n "$peer" ] && ratio "$1" "$peer" || echo -)"

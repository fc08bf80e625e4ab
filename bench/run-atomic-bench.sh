#!/bin/sh
# libparatomic against the system libatomic, in one run: throughput of
# load, store and compare-exchange at 16, 24, 40, 64 and 256 bytes, one
# thread and two threads on one object.  The same binary (linked with
# -latomic) runs on both; libparatomic is swapped in through paradbg-run's
# stand-in directory.  Mops = millions of operations per second (all
# threads), the median of ROUNDS runs of 0.2 s, taken alternately on the two
# libraries; ratio = libparatomic / libatomic.
# Usage: bench/run-atomic-bench.sh [BUILD_DIR]   (default _build)
set -eu
build=$(cd "${1:-_build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
rounds=${ROUNDS:-5}
standin=$build/target-runtime/omp/gompdir
[ -e "$standin/libatomic.so.1" ] || { echo "run-atomic-bench.sh: no $standin/libatomic.so.1 (build first)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
${CC:-gcc} -O2 -pthread -o "$work/atomicbench" "$here/atomicbench.c" -latomic
# Row by row, the two runtimes alternating, so that the machine's load
# changes hit both alike.
nrows=$("$work/atomicbench" n)
for row in $(seq 0 $((nrows - 1))); do
  for threads in 1 2; do
    for r in $(seq "$rounds"); do
      "$work/atomicbench" "$row" "$threads" >> "$work/sys"
      LD_LIBRARY_PATH=$standin "$work/atomicbench" "$row" "$threads" >> "$work/par"
    done
  done
done
LD_LIBRARY_PATH=$standin ldd "$work/atomicbench" | grep -q "$standin/libatomic.so.1" ||
  { echo "run-atomic-bench.sh: libparatomic was not loaded" >&2; exit 2; }
median() {   # FILE OP SIZE THREADS
  awk -v o="$2" -v s="$3" -v t="$4" '$1 == o && $2 == s && $3 == t { print $4 }' "$1" | sort -g |
    awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
printf '%-6s %5s %8s %14s %16s %7s\n' op bytes threads libatomic_Mops libparatomic_Mops ratio
awk '!seen[$1 " " $2 " " $3]++ { print $1, $2, $3 }' "$work/sys" | while read -r op size threads; do
  s=$(median "$work/sys" "$op" "$size" "$threads")
  p=$(median "$work/par" "$op" "$size" "$threads")
  awk -v o="$op" -v b="$size" -v t="$threads" -v s="$s" -v p="$p" \
    'BEGIN { printf "%-6s %5d %8d %14.2f %16.2f %7.2f\n", o, b, t, s, p, p / s }'
done

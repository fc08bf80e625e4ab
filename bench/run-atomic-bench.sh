#!/bin/sh
# libparatomic against the system libatomic, in one run: throughput of
# load, store and compare-exchange at 16, 24, 40, 64 and 256 bytes, one
# thread and two threads on one object.  The same binary (linked with
# -latomic) runs on both; libparatomic is swapped in through paradbg-run's
# stand-in directory.  Mops = millions of operations per second (all
# threads), the median of ROUNDS runs of 0.2 s, taken alternately on the two
# libraries; ratio = libparatomic / libatomic; noise = the larger of the two
# libraries' median absolute deviation over their rounds, in % of the
# median (with BASELINE, also that of the rounds' after/before ratios).  BASELINE=DIR adds a third library taken in the same alternation
# (DIR/libatomic.so.1, e.g. a copy of an older libparatomic) and the
# columns before_Mops and after/before: a change is within noise when that
# ratio is within the row's noise of 1.
# Usage: bench/run-atomic-bench.sh [BUILD_DIR]   (default _build)
set -eu
build=$(cd "${1:-_build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
rounds=${ROUNDS:-5}
base=${BASELINE:-}
standin=$build/target-runtime/omp/gompdir
[ -e "$standin/libatomic.so.1" ] || { echo "run-atomic-bench.sh: no $standin/libatomic.so.1 (build first)" >&2; exit 2; }
[ -z "$base" ] || [ -e "$base/libatomic.so.1" ] ||
  { echo "run-atomic-bench.sh: BASELINE=$base has no libatomic.so.1" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
${CC:-gcc} -O2 -pthread -o "$work/atomicbench" "$here/atomicbench.c" -latomic
# Row by row, the runtimes alternating, so that the machine's load
# changes hit all alike.
nrows=$("$work/atomicbench" n)
: > "$work/base"
for row in $(seq 0 $((nrows - 1))); do
  for threads in 1 2; do
    for r in $(seq "$rounds"); do
      "$work/atomicbench" "$row" "$threads" >> "$work/sys"
      LD_LIBRARY_PATH=$standin "$work/atomicbench" "$row" "$threads" >> "$work/par"
      [ -z "$base" ] || LD_LIBRARY_PATH=$base "$work/atomicbench" "$row" "$threads" >> "$work/base"
    done
  done
done
LD_LIBRARY_PATH=$standin ldd "$work/atomicbench" | grep -q "$standin/libatomic.so.1" ||
  { echo "run-atomic-bench.sh: libparatomic was not loaded" >&2; exit 2; }
# FILE OP SIZE THREADS: "median mad%" of the row's rounds
median() { sort -g | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : 0 }'; }
stats() {
  awk -v o="$2" -v s="$3" -v t="$4" '$1 == o && $2 == s && $3 == t { print $4 }' "$1" > "$work/row"
  m=$(median < "$work/row")
  d=$(awk -v m="$m" '{ print ($1 > m ? $1 - m : m - $1) }' "$work/row" | median)
  awk -v m="$m" -v d="$d" 'BEGIN { printf "%s %s\n", m, (m > 0 ? 100 * d / m : 0) }'
}
# OP SIZE THREADS: "mad%" of after/before over the rounds, each round's
# two runs side by side (what the machine's drift does to the ratio)
paired() {
  awk -v o="$1" -v s="$2" -v t="$3" '$1 == o && $2 == s && $3 == t { print $4 }' "$work/par" > "$work/pa"
  awk -v o="$1" -v s="$2" -v t="$3" '$1 == o && $2 == s && $3 == t { print $4 }' "$work/base" > "$work/ba"
  paste "$work/pa" "$work/ba" | awk '$2 > 0 { print $1 / $2 }' > "$work/row"
  m=$(median < "$work/row")
  d=$(awk -v m="$m" '{ print ($1 > m ? $1 - m : m - $1) }' "$work/row" | median)
  awk -v m="$m" -v d="$d" 'BEGIN { printf "%s\n", (m > 0 ? 100 * d / m : 0) }'
}
if [ -z "$base" ]; then
  printf '%-6s %5s %8s %14s %16s %7s %7s\n' op bytes threads libatomic_Mops libparatomic_Mops ratio noise%
else
  printf '%-6s %5s %8s %14s %16s %7s %11s %12s %7s\n' op bytes threads libatomic_Mops libparatomic_Mops \
    ratio before_Mops after/before noise%
fi
awk '!seen[$1 " " $2 " " $3]++ { print $1, $2, $3 }' "$work/sys" | while read -r op size threads; do
  set -- $(stats "$work/sys" "$op" "$size" "$threads") $(stats "$work/par" "$op" "$size" "$threads")
  if [ -z "$base" ]; then
    awk -v o="$op" -v b="$size" -v t="$threads" -v s="$1" -v sn="$2" -v p="$3" -v pn="$4" \
      'BEGIN { printf "%-6s %5d %8d %14.2f %16.2f %7.2f %7.1f\n", o, b, t, s, p, p / s, (sn > pn ? sn : pn) }'
  else
    set -- "$@" $(stats "$work/base" "$op" "$size" "$threads") $(paired "$op" "$size" "$threads")
    awk -v o="$op" -v b="$size" -v t="$threads" -v s="$1" -v sn="$2" -v p="$3" -v pn="$4" -v q="$5" -v qn="$6" \
      -v rn="$7" 'BEGIN { n = (pn > qn ? pn : qn); n = (rn > n ? rn : n)
               printf "%-6s %5d %8d %14.2f %16.2f %7.2f %11.2f %12.2f %7.1f\n", o, b, t, s, p, p / s, q, p / q, n }'
  fi
done

#!/bin/sh
# libparcaf against OpenCoarrays (Debian: libcoarrays-openmpi-dev,
# libopenmpi-dev, openmpi-bin) on 2 and 4 images, in one run: sync all,
# 1 MiB put and get (fixed-size and allocatable destinations), co_sum of 1 M
# reals, a remote lock/unlock.  Times are seconds per operation, the median
# of ROUNDS runs; speedup = OpenCoarrays / libparcaf.
# Usage: bench/run-caf-bench.sh [BUILD_DIR]   (default _build)
set -eu
build=$(cd "${1:-_build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
rounds=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
PARADBG_LIBDIR=$build/target-runtime/caf/.libs "$build/target-runtime/caf/paradbg-caf" -O2 \
  -J "$work" -o "$work/bench-parcaf" "$here/cafbench.f90"
have_oc=
if command -v caf >/dev/null 2>&1 && command -v cafrun >/dev/null 2>&1; then
  caf -O2 -J "$work" -o "$work/bench-oc" "$here/cafbench.f90" && have_oc=1
else
  echo "OpenCoarrays not found (apt-get install libcoarrays-openmpi-dev libopenmpi-dev openmpi-bin): libparcaf only" >&2
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

# median RUNTIME N: one "row seconds" line per row, the median over the rounds
median() {
  : > "$work/runs"
  for r in $(seq "$rounds"); do
    if [ "$1" = parcaf ]; then
      GFORTRAN_NUM_IMAGES=$2 "$work/bench-parcaf"
    else
      cafrun -np "$2" --oversubscribe "$work/bench-oc"
    fi
  done > "$work/runs"
  for row in $(awk '!seen[$1]++ { print $1 }' "$work/runs"); do
    awk -v r="$row" '$1 == r { print $2 }' "$work/runs" | sort -g |
      awk -v r="$row" '{ v[NR] = $1 } END { print r, v[int((NR + 1) / 2)] }'
  done
}

printf '%-22s %6s %14s %14s %9s\n' row images libparcaf_s opencoarrays_s speedup
for n in 2 4; do
  median parcaf $n > "$work/p.$n"
  if [ -n "$have_oc" ]; then median oc $n > "$work/o.$n"; else : > "$work/o.$n"; fi
  awk -v n=$n 'NR == FNR { oc[$1] = $2; next }
    { o = ($1 in oc) ? oc[$1] : ""; s = (o != "" && $2 > 0) ? sprintf("%.2f", o / $2) : "-";
      printf "%-22s %6d %14.3e %14s %9s\n", $1, n, $2, (o == "" ? "-" : sprintf("%.3e", o)), s }' \
    "$work/o.$n" "$work/p.$n"
done
# put/get against a local copy of the same size, libparcaf, 2 images
awk '{ t[$1] = $2 } END { m = t["memcpy_1MiB_local"];
  printf "put/get vs local memcpy (2 images): put fixed %.2fx, put allocatable %.2fx, get fixed %.2fx, get allocatable %.2fx\n",
    t["put_1MiB_fixed"] / m, t["put_1MiB_allocatable"] / m, t["get_1MiB_fixed"] / m, t["get_1MiB_allocatable"] / m }' "$work/p.2"

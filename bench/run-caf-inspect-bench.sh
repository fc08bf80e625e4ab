#!/bin/sh
# Times paradbg-inspect listing the images of a coarray program of 256
# images (bench/cafhang.f90, hung on purpose) from the core of one image,
# from process start to exit, and counts its memory reads per image.  Aim:
# under 0.2 s and at most 3 reads per image.  There is no coarray-aware
# peer; for scale, GDB listing the same core's threads ("info threads") is
# timed alongside.  Best of ROUNDS runs each.
#
# usage: bench/run-caf-inspect-bench.sh BUILD_DIR [IMAGES]    e.g. _build 256
set -eu
build=$(cd "${1:?usage: run-caf-inspect-bench.sh BUILD_DIR [IMAGES]}" && pwd)
counts=${2:-256}
rounds=${ROUNDS:-5}
here=$(cd "$(dirname "$0")" && pwd)
# The program itself, not libtool's wrapper script (which costs a quarter
# of a second per run): as installed, it finds libparadbg by its rpath.
inspect=$build/inspect/.libs/paradbg-inspect
[ -x "$inspect" ] || inspect=$build/inspect/paradbg-inspect
export LD_LIBRARY_PATH=$build/libparadbg/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
work=$(mktemp -d "${TMPDIR:-/tmp}/caf-inspect-bench.XXXXXX")
pid=
trap '[ -n "$pid" ] && pkill -9 -P $pid 2>/dev/null; [ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$work"' EXIT
PARADBG_LIBDIR=$build/target-runtime/caf/.libs "$build/target-runtime/caf/paradbg-caf" -O1 -g \
  -J "$work" -o "$work/cafhang" "$here/cafhang.f90"

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

printf '%-7s %11s %8s %13s %15s\n' images inspect_s gdb_s memory_reads reads_per_image
for n in $counts; do
  rm -f "$work"/ready.*
  (cd "$work" && GFORTRAN_NUM_IMAGES=$n GFORTRAN_SHARED_MEMORY_SIZE=$((n * 256))K exec ./cafhang) > "$work/out" 2>&1 &
  pid=$!
  i=0
  until [ "$(ls "$work" | grep -c '^ready\.')" -ge "$n" ]; do
    kill -0 $pid 2>/dev/null || { cat "$work/out"; exit 1; }
    i=$((i + 1)); [ $i -lt 1200 ] || { echo "bench: the images did not start" >&2; exit 1; }
    sleep 0.1
  done
  sleep 1
  img=$(pgrep -P $pid | sort -n | tail -1)   # the last image: a child of the launcher
  gcore -o "$work/core" "$img" > /dev/null 2>&1
  pkill -9 -P $pid 2>/dev/null; kill -9 $pid 2>/dev/null || true
  wait $pid 2>/dev/null || true
  pid=
  core=$work/core.$img
  # check the waits before timing anything
  "$inspect" "$core" images > "$work/images.txt"
  syncs=$(grep -c 'sync all' "$work/images.txt" || true)
  [ "$syncs" -eq $((n - 2)) ] && grep -q 'lock lk' "$work/images.txt" \
    || { echo "bench: $n images: $syncs in sync all" >&2; head "$work/images.txt" >&2; exit 1; }
  reads=$("$inspect" --stats "$core" images 2>&1 >/dev/null | sed -n 's/.*, \([0-9]*\) memory reads/\1/p')
  ti=$(best "$inspect" "$core" images)
  tg=$(best gdb -nx -batch -ex "info threads" "$work/cafhang" "$core")
  printf '%-7s %11s %8s %13s %15s\n' "$n" "$ti" "$tg" "$reads" "$(echo "$reads $n" | awk '{printf "%.2f", $1/$2}')"
  rm -f "$core"
done

#!/bin/sh
# From a fresh clone, one command: install the Debian packages the build
# needs, build paradbg, then run the demo (demo) or every test (check).
set -eu
cd "$(dirname "$0")"
top=$(pwd)
what=${1:-demo}
case $what in
  demo|check) ;;
  -h|--help)
    echo "Usage: ./bootstrap.sh [demo|check]"
    echo "Installs what the build needs (apt-get, as root), builds into _build/,"
    echo "then runs the demo program on libparomp (demo) or the whole test suite (check)."
    exit 0 ;;
  *) echo "bootstrap.sh: unknown job '$what' (demo or check)" >&2; exit 2 ;;
esac

packages="gcc make binutils gdb libelf-dev libdw-dev check autoconf automake libtool pkg-config gfortran python3 python3-jsonschema libomp5-14"
missing=
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "bootstrap: installing$missing"
  if [ "$(id -u)" -ne 0 ]; then
    echo "bootstrap: installing packages needs root (run as root, or install:$missing)" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

jobs=$(nproc 2>/dev/null || echo 2)
[ -x configure ] || ./autogen.sh
mkdir -p _build
cd _build
[ -f Makefile ] || ../configure --prefix="$top/_install" --enable-silent-rules >/dev/null
make -j"$jobs" >/dev/null

case $what in
  demo)
    gcc -fopenmp -O2 -g -o team-report ../examples/team-report.c -ldl
    echo "== examples/team-report.c, built with gcc -fopenmp, run on libparomp with 4 threads"
    OMP_NUM_THREADS=4 PARADBG_LIBDIR="$PWD/target-runtime/omp/gompdir" \
      target-runtime/paradbg-run ./team-report
    echo
    echo "== the same program hung on purpose (--stuck), its core taken with gcore, read by paradbg-inspect"
    OMP_NUM_THREADS=4 PARADBG_LIBDIR="$PWD/target-runtime/omp/gompdir" \
      target-runtime/paradbg-run ./team-report --stuck > team-report.out &
    pid=$!
    i=0
    until grep -q "^stuck:" team-report.out || [ $i -gt 100 ]; do i=$((i + 1)); sleep 0.1; done
    sleep 0.5
    gcore -o team-report.core $pid >/dev/null 2>&1 || echo "bootstrap: gcore failed (is ptrace permitted?)"
    kill -9 $pid
    echo "\$ paradbg-inspect team-report.core.$pid team-report"
    inspect/paradbg-inspect "team-report.core.$pid" team-report
    rm -f "team-report.core.$pid" team-report.out ;;
  check)
    make -j"$jobs" check ;;
esac

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
    echo "== examples/waits.c stopped in GDB while its threads wait on a lock, in critical and at a barrier"
    gcc -fopenmp -O1 -g -o waits ../examples/waits.c
    gdb -nx --batch -iex "set debuginfod enabled off" -ex "source gdb-plugin/paradbg-gdb.py" \
      -ex "set environment LD_LIBRARY_PATH $PWD/target-runtime/omp/gompdir" -ex "break all_waiting" \
      -ex run -ex "echo (gdb) info openmp threads\n" -ex "info openmp threads" \
      -ex "echo (gdb) info openmp parallel\n" -ex "info openmp parallel" -ex "gcore waits.core" -ex kill \
      ./waits 2>&1 | grep -v "^\[New \|^\[Thread \|^Using host\|^warning: Memory read failed\|^Kill the\|^\[Inferior"
    echo
    echo "== the same, from the core file GDB wrote (gdb ./waits waits.core)"
    gdb -nx --batch -iex "set debuginfod enabled off" -ex "source gdb-plugin/paradbg-gdb.py" \
      -ex "echo (gdb) info openmp threads\n" -ex "info openmp threads" \
      -ex "echo (gdb) info openmp parallel\n" -ex "info openmp parallel" \
      ./waits waits.core 2>&1 | grep -v "^\[New \|^\[Thread \|^Using host\|^Core was\|^\[Current\|^#0\|^[0-9]"
    echo
    echo "== and without GDB: paradbg-inspect waits.core"
    inspect/paradbg-inspect waits.core waits
    rm -f waits.core ;;
  check)
    make -j"$jobs" check ;;
esac

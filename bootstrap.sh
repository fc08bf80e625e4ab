#!/bin/sh
# From a fresh clone, one command: install the Debian packages the build
# needs, build paradbg, then run the demo (demo) or every test (check).
# check also runs the tests of paradbg-inspect and libparompd (what reads
# untrusted cores) once more under ASan+UBSan, in _build-asan/ (asan: only that).
set -eu
cd "$(dirname "$0")"
top=$(pwd)
what=${1:-demo}
case $what in
  demo|check|asan) ;;
  -h|--help)
    echo "Usage: ./bootstrap.sh [demo|check|asan]"
    echo "Installs what the build needs (apt-get, as root), builds into _build/,"
    echo "then runs the demo program on libparomp (demo) or the whole test suite (check)."
    echo "check then builds _build-asan/ with --enable-sanitizers and runs the inspector"
    echo "and OMPD plugin tests there under ASan+UBSan; asan runs only that part."
    exit 0 ;;
  *) echo "bootstrap.sh: unknown job '$what' (demo, check or asan)" >&2; exit 2 ;;
esac

packages="gcc make binutils gdb libelf-dev libdw-dev check autoconf automake libtool pkg-config gfortran python3 python3-jsonschema libomp5-14 libjson-c-dev python3-pycparser python3-numpy graphviz"
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

# The tests of what reads untrusted cores and processes (paradbg-inspect,
# libparompd.so, libcafdbg.so), built with ASan+UBSan; the runtimes are not (they are
# loaded into users' uninstrumented programs).  Every sanitizer report goes
# to a file in _build-asan/sanitizer-reports/, and any report fails the job.
# The GDB tests are not run here: GDB is not instrumented, and GDB 13 with
# libasan preloaded (which loading this plugin needs) hangs at startup.
asan_tests="ompd/check_ompd cafdbg/check_cafdbg ompd-exports.test inspect.test inspect-errors.test hostile-files.test atomic-inspect.test"
asan_check() {
  mkdir -p "$top/_build-asan"
  cd "$top/_build-asan"
  [ -f Makefile ] || ../configure --prefix="$top/_install-asan" --enable-sanitizers --enable-silent-rules >/dev/null
  make -j"$jobs" >/dev/null
  reports=$PWD/sanitizer-reports
  rm -rf "$reports"
  mkdir -p "$reports"
  chmod 1777 "$reports"          # a test runs the inspector as another user
  # libdw 0.188 leaks 16 bytes in every dwfl_getthread_frames on a core
  # (core_next_thread's thread_arg): not ours
  printf 'leak:dwfl_getthread_frames\n' > lsan.supp
  status=0
  ASAN_OPTIONS="halt_on_error=1:exitcode=86:detect_leaks=1:fast_unwind_on_malloc=0:log_path=$reports/asan" \
  LSAN_OPTIONS="suppressions=$PWD/lsan.supp:print_suppressions=0" \
  UBSAN_OPTIONS="halt_on_error=1:exitcode=86:print_stacktrace=1:log_path=$reports/ubsan" \
    make -C tests -j"$jobs" check TESTS="$asan_tests" || status=1
  # LeakSanitizer cannot run in a process that is itself traced (inspect.test
  # runs the inspector under GDB once): that note is not a finding.
  found=0
  for f in "$reports"/*; do
    [ -e "$f" ] || continue
    if grep -q "LeakSanitizer does not work under ptrace" "$f" && ! grep -q "ERROR:\|runtime error" "$f"; then
      continue
    fi
    cat "$f"
    found=$((found + 1))
  done
  if [ $found -ne 0 ]; then
    echo "bootstrap: $found sanitizer report(s) in $reports" >&2
    status=1
  fi
  [ $status -eq 0 ] && echo "bootstrap: the inspector and plugin tests under ASan+UBSan: no report"
  return $status
}

if [ "$what" = asan ]; then
  asan_check
  exit
fi
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
    rm -f waits.core
    echo
    echo "== examples/caf-hang.f90 on 4 coarray images hangs; the core of one image says why"
    PARADBG_LIBDIR="$PWD/target-runtime/caf/.libs" target-runtime/caf/paradbg-caf -g -O1 -o caf-hang \
      ../examples/caf-hang.f90
    GFORTRAN_NUM_IMAGES=4 timeout 60 ./caf-hang > /dev/null 2>&1 &
    job=$!
    sleep 2
    image=$(pgrep -P "$(pgrep -P "$job")" | sort -n | head -1)   # image 1: a child of the launcher
    gcore -o caf-hang.core "$image" > /dev/null 2>&1
    kill "$job" 2>/dev/null; wait "$job" 2>/dev/null
    echo "\$ paradbg-inspect caf-hang.core.$image images"
    inspect/paradbg-inspect "caf-hang.core.$image" images
    echo "\$ paradbg-inspect caf-hang.core.$image coarray-locks"
    inspect/paradbg-inspect "caf-hang.core.$image" coarray-locks
    rm -f caf-hang.core.* ;;
  check)
    # LLVM's libomp with OMPD, for the cross-runtime test (llvm-ompd.test);
    # built once, about a minute and a half.  Without it that test is skipped.
    "$top/tests/build-llvm-ompd.sh" \
      || echo "bootstrap: no LLVM libomp with OMPD; tests/llvm-ompd.test will be skipped" >&2
    make -j"$jobs" check
    asan_check ;;
esac

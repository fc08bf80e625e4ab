# Shared by the shell tests: where things are, and how to fail.
# Automake runs each test with srcdir and top_builddir in the environment.
set -u
: "${srcdir:=.}" "${top_builddir:=..}"
srcdir=$(cd "$srcdir" && pwd)
top_builddir=$(cd "$top_builddir" && pwd)
GOMPDIR=$top_builddir/target-runtime/omp/gompdir
PARADBG_RUN=$top_builddir/target-runtime/paradbg-run
CC=${CC:-gcc}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/paradbg-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
failures=0
# The checkers run on the system's python3, which has the Debian packages
# bootstrap.sh installs (jsonschema, numpy, pycparser), not on a version
# manager's shim earlier on PATH: a pyenv shim costs 0.7 s a call, minutes
# over the suite.
if [ -x /usr/bin/python3 ] && [ "$(command -v python3)" != /usr/bin/python3 ]; then
  mkdir -p "$WORK/.python" && ln -s /usr/bin/python3 "$WORK/.python/python3" \
    && PATH=$WORK/.python:$PATH && export PATH
fi

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
finish() { [ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }; exit 0; }

# build NAME SOURCE: an OpenMP program linked the ordinary way (system libgomp)
build() {
  "$CC" -fopenmp -O2 -Wall -o "$WORK/$1" "$2" -ldl || { echo "FAIL: cannot build $2"; exit 1; }
}

# Coarray programs: built with the build tree's paradbg-caf against libparcaf.
CAFDIR=$top_builddir/target-runtime/caf
PARADBG_CAF=$CAFDIR/paradbg-caf
PARADBG_CAFRUN=$CAFDIR/paradbg-cafrun
# caf_cc ARGS...: paradbg-caf against the build tree's libparcaf
caf_cc() { PARADBG_LIBDIR=$CAFDIR/.libs "$PARADBG_CAF" "$@"; }
# caf_build NAME SOURCE [MORE...]
caf_build() {
  name=$1; shift
  caf_cc -O1 -o "$WORK/$name" "$@" || { echo "FAIL: cannot build $*"; exit 1; }
}
# Processes still running from $WORK (orphaned images), as "pid cmd" lines.
leftovers() { pgrep -a -f "$WORK/" || true; }
# wait_pids N: until N images have written pid.<image> in the current
# directory (the test programs do so once running), at most 30 s.
wait_pids() {
  i=0
  while [ "$(ls pid.* 2>/dev/null | wc -l)" -lt "$1" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
}

# The kernel's cores, when core_pattern names a file in the process's
# directory: sets kernel_cores (yes/no) and, when no, why; raises the core
# size limit of the calling shell.
kernel_cores_probe() {
  pattern=$(cat /proc/sys/kernel/core_pattern 2> /dev/null)
  kernel_cores=yes
  case $pattern in
    '|'*) kernel_cores=no; why="core_pattern pipes cores to ${pattern%% *}" ;;
    '') kernel_cores=no; why="no core_pattern" ;;
    */*) kernel_cores=no; why="core_pattern writes cores to another directory ($pattern)" ;;
  esac
  ulimit -c unlimited 2> /dev/null || { kernel_cores=no; why="the core size limit cannot be raised"; }
  [ $kernel_cores = yes ] || echo "note: no kernel cores here ($why): those cases are skipped"
}
# kernel_core PID NAME: the path of the kernel's core of process PID
# (program NAME) in the current directory, waiting at most 10 s for the
# process to be gone (the kernel has written the core by then)
kernel_core() {
  glob=$(printf '%s' "$pattern" | sed -e "s/%p/$1/g" -e "s/%e/$2/g" -e 's/%%/%/g' -e 's/%./*/g')
  case $glob in *"$1"*) ;; *) [ "$(cat /proc/sys/kernel/core_uses_pid)" = 1 ] && glob=$glob.$1 ;; esac
  kc_i=0
  while [ $kc_i -lt 100 ]; do
    if ! kill -0 "$1" 2> /dev/null; then
      for c in $glob; do [ -f "$c" ] && { echo "$c"; return; }; done
    fi
    sleep 0.1; kc_i=$((kc_i + 1))
  done
}

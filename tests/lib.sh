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

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
finish() { [ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }; exit 0; }

# build NAME SOURCE: an OpenMP program linked the ordinary way (system libgomp)
build() {
  "$CC" -fopenmp -O2 -Wall -o "$WORK/$1" "$2" -ldl || { echo "FAIL: cannot build $2"; exit 1; }
}

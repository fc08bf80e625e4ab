# Sourced by the inspect tests, after lib.sh.
# start_ready NAME LIBDIR PROGRAM [ARGS...]: runs PROGRAM with LIBDIR first
# in the library path (small stacks and one malloc arena keep its core
# small), output in $WORK/NAME.out, until it prints "ready"; sets pid.
# A program that dies or is not ready in 60 s fails the test.
start_ready() {
  name=$1 libdir=$2
  shift 2
  MALLOC_ARENA_MAX=1 OMP_STACKSIZE=256K LD_LIBRARY_PATH=$libdir "$@" > "$WORK/$name.out" 2>&1 &
  pid=$!
  i=0
  until grep -q ready "$WORK/$name.out" 2>/dev/null; do
    i=$((i + 1))
    if [ $i -gt 600 ] || ! kill -0 $pid 2>/dev/null; then
      echo "FAIL: $name did not get ready"; cat "$WORK/$name.out"; kill -9 $pid 2>/dev/null; exit 1
    fi
    sleep 0.1
  done
}

# core_of NAME: a gcore core of process $pid, as $WORK/NAME.core; the
# process is killed.
core_of() {
  gcore -o "$WORK/$1" $pid > /dev/null 2>&1
  kill -9 $pid; wait $pid 2>/dev/null
  mv "$WORK/$1.$pid" "$WORK/$1.core" 2>/dev/null || { echo "FAIL: gcore $1"; exit 1; }
}

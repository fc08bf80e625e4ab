# What tests/waits-inspect.test and stacks-inspect.test share, sourced
# after lib.sh (sh, not bash): the installed paradbg-inspect, the programs
# of this directory built once, starting and stopping them, and checking
# reports with check.py.
#
#   hang_setup           python3 (PY, CHECK, VALIDATE), the installed tree
#                        (INSPECT, prefix), BUILD_INSPECT, hang and (with
#                        gfortran) cafhang built in $WORK (have_caf), and
#                        whether live (ptrace), gcore and kernel cores work
#                        here; a trap that kills every program on the way out
#   start NAME CMD...    CMD in $WORK/NAME in the background, under timeout
#   ready NAME           waits for NAME's record; sets PID; cd $WORK/NAME
#   stop NAME            kills it and waits
#   inspect NAME ARGS... the installed paradbg-inspect; NAME.out, NAME.err, rc
#   verdict TAG MODE ARGS...  check.py MODE ARGS: pass or fail
#   keep FILE            a JSON report to validate at the end (validate_kept)
#   caf_save V / caf_restore V  run-hang.sh's variables under a name
#   caf_event_stop PID N  cafhang event's second part: no live image left
#   caf_in_stop PID      whether a cafhang image waits inside STOP

HANG_DIR=$srcdir/hang
SCHEMA=$srcdir/../docs/paradbg-inspect.schema.json
TO_VALIDATE=

hang_cleanup() {
  for d in "$WORK"/*/; do
    [ -r "${d}job" ] && stop "$(basename "$d")"
  done
  for v in ${CAF_SAVED:-}; do
    # shellcheck disable=SC2086
    caf_restore "$v" && kill -KILL $HANG_PID $IMAGE_PIDS "$HANG_JOB" 2> /dev/null
  done
  wait 2> /dev/null
  rm -rf "$WORK"
}

hang_setup() {
  for f in "$HANG_DIR/hang.c" "$HANG_DIR/check.py"; do
    [ -r "$f" ] || { echo "SKIP: $f is not there yet"; exit 77; }
  done
  # The system's python3 first: it starts faster than a wrapper (pyenv).
  PY=
  for py in /usr/bin/python3 python3; do
    $py -c "import json" 2> /dev/null && { PY=$py; break; }
  done
  [ -n "$PY" ] || { echo "SKIP: no python3"; exit 77; }
  CHECK="$PY $HANG_DIR/check.py"
  VALIDATE=
  for py in /usr/bin/python3 python3; do
    $py -c "import jsonschema" 2> /dev/null && { VALIDATE=$py; break; }
  done
  [ -n "$VALIDATE" ] || echo "note: no python3 with jsonschema: the JSON is not validated against the schema"
  trap hang_cleanup EXIT
  trap 'exit 1' INT TERM HUP

  # The installed tree: libparadbg by LD_LIBRARY_PATH, the plugin
  # directory named.
  prefix=$WORK/prefix
  for d in libompd libcafdbg libparadbg inspect; do
    make -s -C "$top_builddir/$d" install prefix="$prefix" > "$WORK/install.log" 2>&1 \
      || { echo "FAIL: make install in $d"; tail -5 "$WORK/install.log"; exit 1; }
  done
  INSPECT=$prefix/bin/paradbg-inspect
  BUILD_INSPECT=$top_builddir/inspect/paradbg-inspect

  "$CC" -fopenmp -O1 -g -Wall -o "$WORK/hang" "$HANG_DIR/hang.c" || { echo "FAIL: cannot build hang.c"; exit 1; }
  have_caf=no
  if command -v gfortran > /dev/null 2>&1; then
    caf_build cafhang -g "$HANG_DIR/cafhang.f90" && have_caf=yes
    . "$srcdir/caf-debug/run-hang.sh"
    GFORTRAN_SHARED_MEMORY_SIZE=2M
    export GFORTRAN_SHARED_MEMORY_SIZE
    HANG_PROG=$WORK/cafhang
    HANG_TIMEOUT=120
  else
    echo "note: no gfortran: the coarray cases are skipped"
  fi

  # Whether paradbg-inspect may trace here; gcore; the kernel's cores
  # (the core limit raised before any program starts).
  sleep 60 &
  probe=$!
  live=yes
  timeout 60 "$INSPECT" -p $probe > /dev/null 2> "$WORK/probe.err"
  grep -q "may not trace" "$WORK/probe.err" && live=no
  kill $probe
  wait $probe 2> /dev/null
  [ $live = yes ] || echo "note: ptrace is not permitted here: the live cases are skipped"
  if command -v gcore > /dev/null 2>&1; then
    have_gcore=yes
  else
    have_gcore=no
    echo "note: no gcore: the gcore cases are skipped"
  fi
  kernel_cores_probe
}

inspect() {
  to=$1
  shift
  timeout 60 env LD_LIBRARY_PATH="$prefix/lib" "$INSPECT" --plugin-dir "$prefix/lib/paradbg/plugins" "$@" \
    > "$to.out" 2> "$to.err"
  rc=$?
}

# verdict TAG MODE ARGS...: fails with TAG if paradbg-inspect failed (rc,
# $to.err) or check.py MODE ARGS finds a difference
verdict() {
  tag=$1
  shift
  if [ $rc -ne 0 ]; then
    fail "$tag: exit $rc: $(head -3 "$to.err")"
  elif out=$($CHECK "$@" 2>&1); then
    pass "$tag ($(printf '%s\n' "$out" | tail -1))"
  else
    fail "$tag"
    printf '%s\n' "$out" | head -20
  fi
}

keep() {
  [ $rc -eq 0 ] || return 0
  n_valid=$((${n_valid:-0} + 1))
  cp "$1" "$WORK/valid.$n_valid.json"
  TO_VALIDATE="$TO_VALIDATE $WORK/valid.$n_valid.json"
}

validate_kept() {
  [ -n "$VALIDATE" ] && [ -n "$TO_VALIDATE" ] || return 0
  # shellcheck disable=SC2086
  if out=$($VALIDATE "$srcdir/atomic-debug/check.py" schema "$SCHEMA" $TO_VALIDATE 2>&1); then
    pass "the JSON follows the schema ($(printf '%s\n' "$out" | tail -1))"
  else
    fail "the JSON does not follow the schema"
    printf '%s\n' "$out" | head -10
  fi
}

# bad_usage TAG ARGS...: paradbg-inspect refuses ARGS: status 1, one line
# (and the usual pointer to --help)
bad_usage() {
  tag=$1
  shift
  inspect bad "$@"
  if [ $rc -eq 1 ] && [ "$(grep -vc "^Try 'paradbg-inspect --help'" bad.err)" -eq 1 ] && [ ! -s bad.out ]; then
    pass "$tag: status 1, $(head -1 bad.err)"
  else
    fail "$tag: exit $rc, $(wc -l < bad.err) lines on stderr: $(head -3 bad.err)"
  fi
}

# The program runs under timeout, which the shell does not wait for (the
# subshell that starts it ends at once): no job of this shell dies of a
# signal, so no "Killed" or "Segmentation fault" from the shell in the
# log.  NAME/job holds timeout's pid, NAME/pid (once ready) the program's.
start() {
  name=$1
  shift
  mkdir -p "$WORK/$name"
  (
    cd "$WORK/$name" || exit 1
    timeout 120 "$@" > prog.out 2> prog.err &
    echo $! > job
  )
}

# gone PID: whether the process is gone (or a zombie)
gone() {
  [ ! -r "/proc/$1/stat" ] || grep -q '^[0-9]* ([^)]*) Z' "/proc/$1/stat" 2> /dev/null
}

# ready NAME: at most 30 s for the record's ready, then (hang.c) until its
# watcher has gone; 1 (and why) if it does not come.
ready() {
  cd "$WORK/$1" || exit 1
  job=$(cat job)
  i=0
  while [ $i -lt 300 ] && ! grep -q "^ready\|^error" record 2> /dev/null && ! gone "$job"; do
    sleep 0.1
    i=$((i + 1))
  done
  PID=$(sed -n 's/^start \([0-9]*\) .*/\1/p' record 2> /dev/null)
  [ -n "$PID" ] && echo "$PID" > pid
  if ! grep -q "^ready" record 2> /dev/null; then
    echo "$1: not ready: $(grep "^error" record 2> /dev/null) $(head -3 prog.err)"
    return 1
  fi
  w=$(sed -n 's/^watcher //p' record)
  i=0
  while [ -n "$w" ] && [ -d "/proc/$PID/task/$w" ] && [ $i -lt 100 ]; do
    sleep 0.05
    i=$((i + 1))
  done
  return 0
}

# stop NAME: kills the program, then timeout (if it has not ended by
# itself within 2 s), and waits (at most 5 s more) until both are gone
stop() {
  p=
  t=
  [ -r "$WORK/$1/pid" ] && p=$(cat "$WORK/$1/pid")
  [ -r "$WORK/$1/job" ] && t=$(cat "$WORK/$1/job")
  [ -n "$p" ] && kill -KILL "$p" 2> /dev/null
  i=0
  while [ -n "$t" ] && ! gone "$t" && [ $i -lt 20 ]; do
    sleep 0.1
    i=$((i + 1))
  done
  [ -n "$t" ] && kill -KILL "$t" 2> /dev/null
  i=0
  while [ $i -lt 50 ] && { { [ -n "$p" ] && ! gone "$p"; } || { [ -n "$t" ] && ! gone "$t"; }; }; do
    sleep 0.1
    i=$((i + 1))
  done
  rm -f "$WORK/$1/pid" "$WORK/$1/job"
}

# gcore_of PID: a gcore core of PID in the current directory, core.PID;
# 1 (and fail) if gcore cannot
gcore_of() {
  if gcore -o "$PWD/core" "$1" > "gcore.$1.log" 2>&1 && [ -f "core.$1" ]; then
    return 0
  fi
  fail "gcore of $1: $(tail -2 "gcore.$1.log")"
  return 1
}

caf_save() {
  eval "${1}_job=\$HANG_JOB ${1}_pid=\$HANG_PID ${1}_images=\"\$IMAGE_PIDS\""
  CAF_SAVED="${CAF_SAVED:-} $1"
}
caf_restore() {
  eval "HANG_JOB=\${${1}_job:-} HANG_PID=\${${1}_pid:-} IMAGE_PIDS=\"\${${1}_images:-}\""
  [ -n "$HANG_JOB" ]
}
# caf_stop V: stops the program saved as V as run-hang.sh's stop_hang
# does (SIGTERM to the supervisor, which its images follow; SIGKILL after
# 10 s), and fails if any of its processes is left; not stop_hang itself,
# whose check for leftovers sees the other program of $WORK too.
caf_stop() {
  caf_restore "$1" || return 0
  kill -TERM "${HANG_PID:-$HANG_JOB}" 2> /dev/null
  i=0
  while kill -0 "$HANG_JOB" 2> /dev/null && [ $i -lt 100 ]; do
    sleep 0.1
    i=$((i + 1))
  done
  # shellcheck disable=SC2086
  kill -0 "$HANG_JOB" 2> /dev/null && kill -KILL $HANG_PID $IMAGE_PIDS "$HANG_JOB" 2> /dev/null
  wait "$HANG_JOB" 2> /dev/null
  eval "${1}_job="
  sleep 0.2
  left=
  for p in $HANG_PID $IMAGE_PIDS; do
    if [ -r "/proc/$p/stat" ] && ! grep -q '^[0-9]* ([^)]*) Z' "/proc/$p/stat"; then
      left="$left $p"
      kill -KILL "$p" 2> /dev/null
    fi
  done
  [ -z "$left" ] || fail "coarray $1: processes left running:$left"
}

# caf_in_stop PID: whether PID's main thread sleeps in a futex wait.  In
# cafhang's event scenario, images 2.. sleep in usleep until they STOP;
# the first futex wait of such an image is libparcaf's wait for normal
# termination, which begins after STOP has marked the image stopped and
# its wait recorded (target-runtime/caf/init.c), so once seen, what a
# debugger reads of that image no longer changes.  /proc/PID/wchan names
# the kernel function it sleeps in; where that is hidden ("0"), the
# system call it is blocked in (/proc/PID/syscall), by number.
caf_in_stop() {
  cs_w=$(cat "/proc/$1/wchan" 2> /dev/null) || return 1
  case $cs_w in
    *futex*) return 0 ;;
    0 | '') ;;
    *) return 1 ;;
  esac
  case $(uname -m) in
    x86_64) cs_nr=202 ;;
    i?86) cs_nr=240 ;;
    aarch64 | riscv64 | loongarch64) cs_nr=98 ;;
    *) return 1 ;;
  esac
  cs_s=$(cat "/proc/$1/syscall" 2> /dev/null) || return 1
  [ "${cs_s%% *}" = "$cs_nr" ]
}

# caf_event_stop PID N: cafhang's event scenario (N images, image 1's
# process PID; in its directory) from "the others live on" to "the others
# have stopped": image 1 stopped with SIGSTOP first, so that libparcaf
# cannot end its wait, which no image can end any more; then the file
# "stop", and at most 30 s (whatever the load: no fixed pause) until each
# of images 2 to N has recorded that it stops and has been seen waiting
# inside STOP (caf_in_stop).  The records before are kept in alive/.  1
# (and why) if the images do not stop.  kill -CONT PID lets image 1 go on
# (libparcaf then ends its wait with an error).
caf_event_stop() {
  mkdir -p alive && cp rec.[0-9]* alive/ || return 1
  kill -STOP "$1" || return 1
  : > stop
  es_in=' '
  es_i=0
  while [ $es_i -lt 300 ]; do
    es_n=0
    es_k=2
    while [ $es_k -le "$2" ]; do
      case $es_in in
        *" $es_k "*) es_n=$((es_n + 1)) ;;
        *)
          if grep -q '^status stopped' "rec.$es_k" 2> /dev/null \
            && caf_in_stop "$(sed -n 's/^pid //p' "rec.$es_k")"; then
            es_in="$es_in$es_k "
            es_n=$((es_n + 1))
          fi
          ;;
      esac
      es_k=$((es_k + 1))
    done
    [ $es_n -eq $(($2 - 1)) ] && return 0
    sleep 0.1
    es_i=$((es_i + 1))
  done
  es_k=2
  while [ $es_k -le "$2" ]; do
    case $es_in in
      *" $es_k "*) ;;
      *)
        es_p=$(sed -n 's/^pid //p' "rec.$es_k" 2> /dev/null)
        echo "cafhang event: image $es_k (pid ${es_p:-?}) not seen waiting inside STOP within 30 s:" \
          "$(grep '^status' "rec.$es_k" 2> /dev/null), wchan $(cat "/proc/$es_p/wchan" 2> /dev/null)," \
          "syscall $(cut -d' ' -f1 "/proc/$es_p/syscall" 2> /dev/null)"
        ;;
    esac
    es_k=$((es_k + 1))
  done
  return 1
}

# Starting and stopping tests/caf-debug/hang.f90, for tests that source this
# after lib.sh (sh, not bash).  The test builds the program; by default it
# is ./hang, run by its absolute path so that lib.sh's leftovers() sees it.
#
#   start_hang SCENARIO N   runs it on N images in the background under
#       timeout, in the current directory, waits (at most 30 s) until every
#       image has written its record rec.<image>, and half a second more for
#       the waits to be entered.  Sets HANG_JOB (timeout's pid), HANG_PID
#       (the supervisor: the program's own process), IMAGE_PIDS (the image
#       pids by image number, from the records).  Output in hang.out and
#       hang.err.  Returns 1 (and says why) if the records do not come.
#   stop_hang               kills the supervisor (its images follow), waits
#       for it, and returns 1 (and says which) if any of its processes, or
#       anything of $WORK's, is left.
# HANG_PROG: the program (default $PWD/hang); HANG_TIMEOUT: timeout's limit
# (default 300 s).

start_hang() {
  hang_scenario=$1 hang_n=$2
  HANG_PID='' IMAGE_PIDS=''
  rm -f rec.* hang.out hang.err
  GFORTRAN_NUM_IMAGES=$hang_n timeout "${HANG_TIMEOUT:-300}" "${HANG_PROG:-$PWD/hang}" "$hang_scenario" \
    > hang.out 2> hang.err &
  HANG_JOB=$!
  hang_i=0
  while [ $hang_i -lt 300 ]; do
    hang_ready=0
    for hang_f in rec.*; do
      case $hang_f in *.tmp | 'rec.*') continue ;; esac
      [ "$(tail -n 1 "$hang_f")" = ready ] && hang_ready=$((hang_ready + 1))
    done
    [ $hang_ready -ge "$hang_n" ] && break
    kill -0 "$HANG_JOB" 2> /dev/null || break
    sleep 0.1
    hang_i=$((hang_i + 1))
  done
  HANG_PID=$(pgrep -P "$HANG_JOB" | head -n 1)
  if [ "$hang_ready" -lt "$hang_n" ]; then
    echo "start_hang $hang_scenario $hang_n: $hang_ready of $hang_n records written; stderr: $(head -n 3 hang.err)"
    return 1
  fi
  hang_i=1
  while [ $hang_i -le "$hang_n" ]; do
    IMAGE_PIDS="$IMAGE_PIDS $(sed -n 's/^pid //p' rec.$hang_i)"
    hang_i=$((hang_i + 1))
  done
  IMAGE_PIDS=${IMAGE_PIDS# }
  sleep 0.5
  return 0
}

stop_hang() {
  [ -n "${HANG_JOB:-}" ] || return 0
  if [ -n "$HANG_PID" ]; then
    kill -TERM "$HANG_PID" 2> /dev/null
  else
    kill -TERM "$HANG_JOB" 2> /dev/null
  fi
  # The supervisor forwards the signal to its images; give them 10 s.
  hang_i=0
  while kill -0 "$HANG_JOB" 2> /dev/null && [ $hang_i -lt 100 ]; do
    sleep 0.1
    hang_i=$((hang_i + 1))
  done
  if kill -0 "$HANG_JOB" 2> /dev/null; then
    echo "stop_hang: the program did not end on SIGTERM; killing it"
    # shellcheck disable=SC2086
    kill -KILL $HANG_PID $IMAGE_PIDS "$HANG_JOB" 2> /dev/null
  fi
  wait "$HANG_JOB" 2> /dev/null
  HANG_JOB=
  sleep 0.2
  hang_left=
  for hang_p in $HANG_PID $IMAGE_PIDS; do
    # A pid whose process is a zombie or gone is not left running.
    if [ -r "/proc/$hang_p/stat" ] && ! grep -q '^[0-9]* ([^)]*) Z' "/proc/$hang_p/stat"; then
      hang_left="$hang_left $hang_p"
    fi
  done
  if [ -n "$hang_left" ] || [ -n "$(leftovers)" ]; then
    echo "stop_hang: left running:$hang_left $(leftovers)"
    return 1
  fi
  return 0
}

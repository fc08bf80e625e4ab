! EVENT WAIT that no image can end: every other image posts once and then
! stops (or fails), so the first wait, for all those posts, ends; the
! second can never end.  Usage: n_event [stop|fail] [stat|nostat]; with
! no arguments "stop stat", printing only the PASS line (caf.test).
! With STAT= the second wait gets a processor-dependent STAT (neither
! STAT_STOPPED_IMAGE nor STAT_FAILED_IMAGE, as F2018 says for EVENT
! WAIT): libparcaf's 6100 (docs/coarrays.md); "stat" prints it and
! ERRMSG.  Without STAT= the program ends in error with one line from
! the runtime.
program n_event
  use iso_fortran_env
  implicit none
  integer, parameter :: stat_no_poster = 6100
  type(event_type) :: ev[*]
  integer :: me, n, w, st
  character(len=200) :: msg
  character(len=8) :: how, mode
  logical :: verbose

  call get_args(how, mode, verbose)
  me = this_image()
  n = num_images()
  w = min(2, n)
  if (me /= w) then
    event post (ev[w])
    if (how == 'fail') fail image
    stop
  end if
  if (n > 1) then
    ! Each post came before its image ended: this wait ends.
    event wait (ev, until_count=n - 1, stat=st)
    if (st /= 0) then
      print '(a,i0)', 'n_event: the wait for posts made before their images ended: stat ', st
      error stop 1
    end if
  end if
  if (mode == 'nostat') then
    event wait (ev)
    error stop 'n_event: a wait that can never end ended'
  end if
  msg = ''
  event wait (ev, stat=st, errmsg=msg)
  call check_stat('n_event', st, stat_no_poster, msg, verbose)
  print '(a)', 'PASS event'
contains
  include 'n_args.inc'
end program n_event

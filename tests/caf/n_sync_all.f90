! SYNC ALL, a collective and SYNC TEAM with images that have ended.  All
! images form a team; then every image but image 2 arrives at a SYNC ALL
! and stops (or fails), and image 2's SYNC ALL ends (STAT 0 after stops;
! after failures F2018 allows STAT_FAILED_IMAGE).  What image 2 does next
! can never be matched.  Usage: n_sync_all [stop|fail] [stat|nostat|
! coll|team]; with no arguments "stop stat", printing only the PASS line
! (caf.test).
!   stat: SYNC ALL with STAT= and ERRMSG=, then CO_SUM with STAT=, each
!     printed.
!   nostat: SYNC ALL; coll: CO_SUM; team: SYNC TEAM (gfortran 12 has no
!     STAT= for it); each without STAT=: the program ends in error with
!     one line from the runtime.
program n_sync_all
  use iso_fortran_env
  implicit none
  type(team_type) :: team
  integer :: me, n, w, st, want, x
  character(len=200) :: msg
  character(len=8) :: how, mode
  logical :: verbose

  call get_args(how, mode, verbose)
  me = this_image()
  n = num_images()
  w = min(2, n)
  form team (1, team)
  if (me /= w) then
    ! Another may fail as soon as it has arrived: a failed image is
    ! reported even if it arrived, so not STAT=-less here.
    sync all (stat=st)
    if (how == 'fail') fail image
    stop
  end if
  sync all (stat=st)
  if (.not. (st == 0 .or. (how == 'fail' .and. st == stat_failed_image))) then
    print '(a,i0)', 'n_sync_all: the SYNC ALL the others arrived at before they ended: stat ', st
    error stop 1
  end if
  if (n == 1) then
    print '(a)', 'PASS sync_all'
    stop
  end if
  x = me
  select case (mode)
  case ('nostat')
    sync all
  case ('coll')
    call co_sum(x)
  case ('team')
    sync team (team)
  case default
    want = stat_stopped_image
    if (how == 'fail') want = stat_failed_image
    msg = ''
    sync all (stat=st, errmsg=msg)
    call check_stat('n_sync_all: SYNC ALL', st, want, msg, verbose)
    ! No ERRMSG=: gfortran 12 passes a collective's ERRMSG= variable by
    ! value, where the library expects its address.
    msg = 'none'
    call co_sum(x, stat=st)
    call check_stat('n_sync_all: CO_SUM', st, want, msg, verbose)
    print '(a)', 'PASS sync_all'
    stop
  end select
  error stop 'n_sync_all: a wait that can never end ended'
contains
  include 'n_args.inc'
end program n_sync_all

! SYNC IMAGES with images that have ended.  Every image but image 2 syncs
! with it and then stops (or fails): image 2's SYNC IMAGES (*) ends with
! STAT 0, as each did its side first.  Its second SYNC IMAGES (*) can
! never be matched.  Usage: n_sync_images [stop|fail] [stat|nostat];
! with no arguments "stop stat", printing only the PASS line (caf.test).
!   stat: STAT_STOPPED_IMAGE (or STAT_FAILED_IMAGE), printed with ERRMSG.
!   nostat: the program ends in error with one line from the runtime.
program n_sync_images
  use iso_fortran_env
  implicit none
  integer :: me, n, w, st, want
  character(len=200) :: msg
  character(len=8) :: how, mode
  logical :: verbose

  call get_args(how, mode, verbose)
  me = this_image()
  n = num_images()
  w = min(2, n)
  if (me /= w) then
    sync images (w)
    if (how == 'fail') fail image
    stop
  end if
  sync images (*, stat=st)
  if (st /= 0) then
    print '(a,i0)', 'n_sync_images: the sync done before the others ended: stat ', st
    error stop 1
  end if
  if (n > 1) then
    if (mode == 'nostat') then
      sync images (*)
      error stop 'n_sync_images: a wait that can never end ended'
    end if
    want = stat_stopped_image
    if (how == 'fail') want = stat_failed_image
    msg = ''
    sync images (*, stat=st, errmsg=msg)
    call check_stat('n_sync_images', st, want, msg, verbose)
  end if
  print '(a)', 'PASS sync_images'
contains
  include 'n_args.inc'
end program n_sync_images
